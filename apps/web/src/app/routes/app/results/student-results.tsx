import { ResultsPage } from '@/features/results/components/results-page';

export default function StudentResultsRoute() {
  return <ResultsPage />;
}

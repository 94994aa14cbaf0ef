import { ResultsPage } from '@/features/results/components/results-page';
import { TranscriptDownloads } from '@/features/transcripts/components/transcript-downloads';
import { useAuth } from '@/lib/auth';

export default function StudentResultsRoute() {
  const { user } = useAuth();
  return <ResultsPage downloads={user ? <TranscriptDownloads student={user._id} /> : null} />;
}

import { Link } from 'react-router';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useMyResults } from '../api/get-my-results';
import { RESULTS_TEXT as T } from '../texts';

/** Student dashboard (spec section 2): the CGPA card, live from /results/me; '—' with a note before anything is published. */
export function CgpaCard() {
  const results = useMyResults();
  const cgpa = results.data?.cgpa ?? null;
  return (
    <StatCard
      label={T.cgpaCard}
      loading={results.isPending}
      value={results.data ? (cgpa === null ? '—' : cgpa.toFixed(2)) : results.isError ? '—' : ''}
      hint={
        results.isError ? (
          T.loadFailed
        ) : results.data ? (
          <Link to={paths.studentResults} className="text-primary underline-offset-4 hover:underline">
            {cgpa === null ? T.cgpaNone : T.cgpaOver(results.data.subjects.length)}
          </Link>
        ) : null
      }
    />
  );
}

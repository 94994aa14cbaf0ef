import { Link } from 'react-router';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useResultsOf } from '../api/get-student-results';
import { RESULTS_TEXT as T } from '../texts';

/**
 * Student dashboard (spec section 2): the CGPA card, live from /results/me; '—' with a note before
 * anything is published. With `student` (account id or student ID): that student's, read-only (the
 * Results page is the student's own, so the note is not a link).
 */
export function CgpaCard({ student }: { student?: string | undefined } = {}) {
  const results = useResultsOf(student);
  const cgpa = results.data?.cgpa ?? null;
  return (
    <StatCard
      label={T.cgpaCard}
      loading={results.isPending}
      value={results.data ? (cgpa === null ? '—' : cgpa.toFixed(2)) : results.isError ? '—' : ''}
      hint={
        results.isError ? (
          T.loadFailed
        ) : results.data && student ? (
          cgpa === null ? T.cgpaNone : T.cgpaOver(results.data.subjects.length)
        ) : results.data ? (
          <Link to={paths.studentResults} className="text-primary underline-offset-4 hover:underline">
            {cgpa === null ? T.cgpaNone : T.cgpaOver(results.data.subjects.length)}
          </Link>
        ) : null
      }
    />
  );
}

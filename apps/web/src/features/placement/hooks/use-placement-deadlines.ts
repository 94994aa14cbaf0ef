import { useAuth } from '@/lib/auth';
import { compareText } from '@/lib/utils';
import { useJobs } from '../api/jobs';

export type PlacementDeadline = { id: string; label: string; date: string };

/**
 * The student dashboard's upcoming deadlines from placement: the open drives the student can still
 * apply to (eligible, not applied yet or withdrawn), soonest first — for the dashboard's deadline list.
 */
export function usePlacementDeadlines(): { deadlines: PlacementDeadline[]; isPending: boolean; isError: boolean } {
  const { user } = useAuth();
  // Admins may open the student dashboard too; their job list is the cell's, not deadlines of theirs.
  const student = user?.roles.includes('Student') ?? false;
  const jobs = useJobs({ enabled: student });
  const deadlines = (jobs.data?.jobs ?? [])
    .filter((j) => j.acceptingApplications && (!j.myApplication || j.myApplication.status === 'withdrawn'))
    .map((j) => ({ id: j._id, label: `${j.company}: ${j.role}`, date: j.deadline }))
    .sort((a, b) => compareText(a.date, b.date));
  return { deadlines: student ? deadlines : [], isPending: student && jobs.isPending, isError: jobs.isError };
}

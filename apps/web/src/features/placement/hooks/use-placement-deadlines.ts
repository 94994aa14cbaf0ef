import { useJobs } from '../api/jobs';

export type PlacementDeadline = { id: string; label: string; date: string };

/**
 * The student dashboard's upcoming deadlines from placement: the open drives the student can still
 * apply to (eligible, not applied yet), soonest first — for the dashboard's deadline list.
 */
export function usePlacementDeadlines(): { deadlines: PlacementDeadline[]; isPending: boolean; isError: boolean } {
  const jobs = useJobs();
  const deadlines = (jobs.data?.jobs ?? [])
    .filter((j) => j.acceptingApplications && !j.myApplication)
    .map((j) => ({ id: j._id, label: `${j.company}: ${j.role}`, date: j.deadline }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { deadlines, isPending: jobs.isPending, isError: jobs.isError };
}

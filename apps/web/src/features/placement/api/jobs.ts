import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  applyResponse,
  CreateJobInput,
  eligibilityResponse,
  jobResponse,
  JobsResponse,
  myApplicationsResponse,
  PlacementDepartments,
  UpdateJobInput,
  withdrawResponse,
} from '@crs/shared/schemas/placement';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { placementKeys } from './keys';

/** GET /placement/jobs: the cell's every job, or a student's eligible open jobs. */
export async function getJobs(): Promise<JobsResponse> {
  const { data } = await api.get<JobsResponse>('/placement/jobs');
  return data;
}
export const jobsQueryOptions = () => queryOptions({ queryKey: placementKeys.jobs, queryFn: getJobs });
export function useJobs(options: { enabled?: boolean } = {}) {
  return useQuery({ ...jobsQueryOptions(), enabled: options.enabled ?? true });
}

/** GET /placement/applications/me. */
export async function getMyApplications() {
  const { data } = await api.get<z.infer<typeof myApplicationsResponse>>('/placement/applications/me');
  return data.applications;
}
export function useMyApplications() {
  return useQuery(queryOptions({ queryKey: placementKeys.mine, queryFn: getMyApplications }));
}

/** GET /placement/jobs/{id}/eligibility: the job's criteria beside the student's values, as the server judges them. */
export async function getEligibility(jobId: string) {
  const { data } = await api.get<z.infer<typeof eligibilityResponse>>(`/placement/jobs/${encodeURIComponent(jobId)}/eligibility`);
  return data.eligibility;
}
/** Asked afresh each time the apply dialog opens (CGPA and sections may have changed since). */
export function useEligibility(jobId: string | undefined) {
  return useQuery(queryOptions({ queryKey: placementKeys.eligibility(jobId ?? ''), queryFn: () => getEligibility(jobId!), enabled: Boolean(jobId), staleTime: 0, gcTime: 0 }));
}

/** POST /placement/jobs/{id}/apply: with a résumé, one multipart request (the file as `resume`); without, no body. */
export async function applyToJob({ jobId, resume }: { jobId: string; resume?: File | undefined }) {
  const url = `/placement/jobs/${encodeURIComponent(jobId)}/apply`;
  let body: FormData | undefined;
  if (resume) {
    body = new FormData();
    body.append('resume', resume);
  }
  const { data } = await api.post<z.infer<typeof applyResponse>>(url, body);
  return data;
}
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyToJob, onSettled: () => queryClient.invalidateQueries({ queryKey: placementKeys.all }) });
}

/** POST /placement/applications/{id}/withdraw. */
export async function withdrawApplication(applicationId: string) {
  const { data } = await api.post<z.infer<typeof withdrawResponse>>(`/placement/applications/${encodeURIComponent(applicationId)}/withdraw`);
  return data;
}
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawApplication, onSettled: () => queryClient.invalidateQueries({ queryKey: placementKeys.all }) });
}

/** POST /placement/jobs (no id) or PATCH /placement/jobs/{id}. */
export async function saveJob({ id, input }: { id?: string | undefined; input: CreateJobInput | UpdateJobInput }) {
  const { data } = id ? await api.patch<z.infer<typeof jobResponse>>(`/placement/jobs/${encodeURIComponent(id)}`, input) : await api.post<z.infer<typeof jobResponse>>('/placement/jobs', input);
  return data;
}
export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJob,
    // The Admin dashboard's open-jobs counter reads the stats overview.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: placementKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.stats })]),
  });
}

/** GET /placement/departments: what eligibility can name. */
export async function getDepartments() {
  const { data } = await api.get<PlacementDepartments>('/placement/departments');
  return data.departments;
}
export function useDepartments() {
  return useQuery(queryOptions({ queryKey: placementKeys.departments, queryFn: getDepartments, staleTime: 5 * 60_000 }));
}

/** Query keys of the placement feature; every write invalidates `placementKeys.all`. */
export const placementKeys = {
  all: ['placement'] as const,
  jobs: ['placement', 'jobs'] as const,
  mine: ['placement', 'applications', 'me'] as const,
  applicants: (jobId: string) => ['placement', 'applicants', jobId] as const,
  eligibility: (jobId: string) => ['placement', 'eligibility', jobId] as const,
  departments: ['placement', 'departments'] as const,
};

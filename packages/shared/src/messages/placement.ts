/**
 * Placement: jobs and applications (issue 13). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const PLACEMENT_MSG = {
  noJobPostings: 'No job postings available', // spec
  jobCompanyRequired: 'Company is required',
  jobRoleRequired: 'Role is required',
  jobTextTooLong: 'Text too long',
  jobDescriptionTooLong: 'Description too long',
  jobPackage: 'Package must be between 0 and 200 LPA with at most 2 decimals',
  jobMinCgpa: 'Minimum CGPA must be between 0 and 10 with at most 2 decimals',
  jobDeadlineInvalid: 'Deadline must be a valid date (YYYY-MM-DD)',
  jobNotFound: 'Job not found',
  jobCreated: 'Job posted',
  jobUpdated: 'Job updated',
  jobClosed: 'Applications for this job are closed',
  jobDeadlinePassed: 'The deadline for this job has passed',
  jobDepartmentIneligible: 'This job is not open to your department',
  jobCgpaIneligible: (min: string) => `This job needs a CGPA of at least ${min}`,
  jobCgpaMissing: 'This job needs a CGPA and you have no published results yet',
  jobAlreadyApplied: 'You have already applied for this job',
  jobApplied: 'Application submitted',
  jobsLoadFailed: 'Failed to load job postings',
  applicationNotFound: 'Application not found',
  applicationStatusInvalid: 'Status must be applied, shortlisted, selected or rejected',
  applicationUpdated: 'Application status updated',
  applicationWithdrawn: 'Application withdrawn',
  withdrawDeadlinePassed: 'The deadline for this job has passed, so the application can no longer be withdrawn',
  applicationAlreadyWithdrawn: 'This application has already been withdrawn',
  applicationDecided: (status: string) => `This application is already ${status} and can no longer be withdrawn`,
  applicationWithdrawnByStudent: 'The student has withdrawn this application; it cannot be changed',
  resumeField: 'The résumé must be sent as the form field "resume"',
} as const;

/**
 * The System overview's background jobs (issue 26 item 7, decision 0037). A screen imports this
 * part; in MSG like every module's part (the server sends none of these texts today).
 */
export const SYSTEM_MSG = {
  jobUnknown: 'Unknown job',
  jobQueued: (name: string) => `${name} will run within a few seconds`,
  /** GET /metrics without the right `Authorization: Bearer <METRICS_TOKEN>` (decision 0048). */
  metricsTokenRequired: 'The metrics need the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
  jobsTitle: 'Background jobs',
  jobsDescription:
    'Scheduled work shared by every server process: each slot runs once, a failed run is tried again after a growing wait, and a run that fails every time is kept as a dead letter.',
  backgroundJobsLoadFailed: 'Could not load the background jobs.',
  jobsNotStarted: 'No job has run yet: the job runner starts with the server.',
  jobsCaption: 'Background jobs and their runs',
  jobsEmpty: 'No background jobs are registered.',
  colJob: 'Job',
  colSchedule: 'Schedule',
  colWaiting: 'Waiting',
  colRetrying: 'Retrying',
  colRunning: 'Running',
  colCompleted: 'Done (24 h)',
  colFailed: 'Failed (7 days)',
  colLastRun: 'Last run',
  colError: 'Error',
  colAttempts: 'Attempts',
  colFailedAt: 'Failed at',
  colNextAttempt: 'Next attempt',
  never: 'Never',
  scheduleEveryMinute: 'Every minute',
  scheduleHourly: (minute: string) => `Every hour at :${minute.padStart(2, '0')}`,
  scheduleOnDemand: 'When sent',
  deadLetters: (n: number) => (n === 1 ? '1 dead letter: a run that failed every attempt.' : `${n} dead letters: runs that failed every attempt.`),
  noDeadLetters: 'No dead letters.',
  failuresTitle: 'Recent failures',
  failuresCaption: 'Runs that failed every attempt in the last 7 days',
  failuresEmpty: 'No job has failed in the last 7 days.',
  retriesTitle: 'Waiting for a retry',
  retriesCaption: 'Runs waiting to be tried again',
  retriesEmpty: 'No run is waiting for a retry.',
} as const;

/** What each registered job does, by its queue's name. */
export const JOB_LABELS: Record<string, string> = {
  'jobs.heartbeat': 'Scheduler heartbeat',
  'auth.prune': 'Expired sessions and sign-in records',
  'identity.prune': 'Expired identity provider sign-ins',
  'imports.stale': 'Unfinished imports',
  'audit.retention': 'Audit log retention',
  'files.orphan-sweep': 'Orphaned file bytes',
  'notifications.deliver': 'Notification mails',
  'notifications.digest': 'Daily notification digests',
  'notifications.weekly-digest': 'Weekly notification digests',
  'library.holds-expire': 'Uncollected holds passed on',
  'reminders.library': 'Library due and overdue reminders',
  'reminders.attendance': 'Low attendance reminders',
  'reminders.absence': 'Absence alerts to guardians',
  'reminders.exams': 'Exam reminders',
  'reminders.placement': 'Placement deadline reminders',
};

import { NOTICE_EXPIRY_DAYS } from '@crs/shared/schemas/analytics';
import type { OpenTasks } from '@crs/shared/schemas/analytics';
import type { OverviewStats, SystemStats } from '@crs/shared/schemas/users';
import type { AppContext } from '../../context.ts';
import * as auth from '../auth/auth.service.ts';
import * as library from '../library/library.service.ts';
import * as notices from '../notices/notices.service.ts';
import * as placement from '../placement/placement.service.ts';
import * as users from '../users/users.service.ts';

// The dashboards' figures under /stats (the analytics module; the URL is the spec's): drawn from
// several modules, no table of its own, above them.

/** Active accounts per role, pending sign-ups and jobs open for applications, from live data. */
export async function overview(ctx: AppContext): Promise<OverviewStats> {
  const [accounts, openJobs] = await Promise.all([users.userCounts(ctx), placement.openJobCount(ctx)]);
  return { ...accounts, openJobs };
}

/** Uptime, database size and sessions that are live now. */
export async function system(ctx: AppContext): Promise<SystemStats> {
  const [activeSessions, databaseBytes] = await Promise.all([auth.liveSessionCount(ctx), ctx.database.sizeBytes()]);
  return {
    uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    databaseBytes,
    activeSessions,
    database: ctx.database.kind,
  };
}

/** The Staff dashboard's Open Tasks, counted now: sign-ups awaiting approval, loans overdue, notices expiring soon, applications to review. */
export async function openTasks(ctx: AppContext): Promise<OpenTasks> {
  const [counts, overdueLoans, expiringNotices, applicationsToReview] = await Promise.all([
    users.userCounts(ctx),
    library.overdueLoanCount(ctx),
    notices.expiringNoticeCount(ctx, NOTICE_EXPIRY_DAYS),
    placement.applicationsToReviewCount(ctx),
  ]);
  return { pendingApprovals: counts.pendingApprovals, overdueLoans, expiringNotices, applicationsToReview };
}

import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLES } from '../roles.ts';
import { userSchema } from './auth.ts';
import { pagedResponse, pageQuery } from './common.ts';

/** GET /users: filter and page (Admin, SuperAdmin). */
export const listUsersQuery = z.strictObject({
  status: z.enum(ACCOUNT_STATUSES).optional(),
  role: z.enum(ROLES).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQuery,
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

export const listUsersResponse = pagedResponse('users', userSchema);
export const userResponse = z.object({ message: z.string(), user: userSchema });

/** GET /stats/overview (Admin, SuperAdmin): active accounts per role and pending sign-ups. */
export const overviewStatsSchema = z.object({
  students: z.number().int(),
  teachers: z.number().int(),
  staff: z.number().int(),
  librarians: z.number().int(),
  admins: z.number().int(),
  pendingApprovals: z.number().int(),
  totalUsers: z.number().int(),
  /** Jobs open for applications now (placement, issue 13). */
  openJobs: z.number().int(),
});
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

/** GET /stats/system (SuperAdmin). */
export const systemStatsSchema = z.object({
  uptimeSeconds: z.number(),
  databaseBytes: z.number(),
  activeSessions: z.number().int(),
  database: z.enum(['pglite', 'postgresql']),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

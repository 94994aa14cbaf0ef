import { COMMON_MSG } from './messages/common.ts';
import { USERS_MSG } from './messages/users.ts';
import { LIBRARY_MSG } from './messages/library.ts';
import { PROFILE_MSG } from './messages/profile.ts';
import { ALUMNI_MSG } from './messages/alumni.ts';
import { ACADEMICS_MSG } from './messages/academics.ts';
import { DOCS_MSG } from './messages/docs.ts';
import { ASSESSMENT_MSG } from './messages/assessment.ts';
import { NOTICES_MSG } from './messages/notices.ts';
import { ANALYTICS_MSG } from './messages/analytics.ts';
import { AUDIT_MSG } from './messages/audit.ts';
import { SETTINGS_MSG } from './messages/settings.ts';
import { PLACEMENT_MSG } from './messages/placement.ts';
import { IDCARDS_MSG } from './messages/idcards.ts';
import { ATTENDANCE_MSG } from './messages/attendance.ts';
import { MATERIALS_MSG } from './messages/materials.ts';
import { FILES_MSG } from './messages/files.ts';
import { SYSTEM_MSG } from './messages/system.ts';
import { CALENDAR_MSG } from './messages/calendar.ts';
import { TRANSCRIPTS_MSG } from './messages/transcripts.ts';
import { IDENTITY_MSG } from './messages/identity.ts';
import { NOTIFICATIONS_MSG } from './messages/notifications.ts';
import { GUARDIANS_MSG } from './messages/guardians.ts';

/**
 * Every user-facing text that both the server and the client use, written once, in one part per
 * module (./messages/<module>.ts, named as the module is). The server reads them all through MSG; a screen imports the part it
 * needs, so a page does not load every module's texts.
 */
export const MSG = {
  ...COMMON_MSG,
  ...USERS_MSG,
  ...LIBRARY_MSG,
  ...PROFILE_MSG,
  ...ALUMNI_MSG,
  ...ACADEMICS_MSG,
  ...DOCS_MSG,
  ...ASSESSMENT_MSG,
  ...NOTICES_MSG,
  ...ANALYTICS_MSG,
  ...AUDIT_MSG,
  ...SETTINGS_MSG,
  ...PLACEMENT_MSG,
  ...IDCARDS_MSG,
  ...ATTENDANCE_MSG,
  ...MATERIALS_MSG,
  ...FILES_MSG,
  ...SYSTEM_MSG,
  ...CALENDAR_MSG,
  ...TRANSCRIPTS_MSG,
  ...IDENTITY_MSG,
  ...NOTIFICATIONS_MSG,
  ...GUARDIANS_MSG,
} as const;

import type { PublicSettings, Settings } from '@crs/shared/schemas/settings';
import type { AppContext } from '../../context.ts';
import * as files from '../files/files.service.ts';
import type { CurrentSettings } from './settings.service.ts';

/** The settings as GET /settings answers them. */
export function presentSettings(ctx: AppContext, s: CurrentSettings): Settings {
  const { logoFileId, updatedAt, ...values } = s;
  return { ...values, logoUrl: logoFileId ? files.fileUrl(logoFileId) : null, smtpConfigured: !!ctx.config.smtpUrl, updatedAt: updatedAt?.toISOString() ?? null };
}

/** Only what anyone may see: names, logo, academic year, the time zone dates are shown in, and the rules pages explain (who may register, self-service return). */
export function presentPublic(ctx: AppContext, s: CurrentSettings): PublicSettings {
  return {
    institutionName: s.institutionName,
    shortName: s.shortName,
    logoUrl: s.logoFileId ? files.fileUrl(s.logoFileId) : null,
    academicYear: s.academicYear,
    studentRegistration: s.studentRegistration,
    registrationDomains: s.registrationDomains,
    selfServiceReturn: s.selfServiceReturn,
    opacEnabled: s.opacEnabled,
    timeZone: ctx.config.timeZone,
  };
}

import { MSG } from '@crs/shared/messages';
import { DEFAULT_GRADE_SCALE, DEFAULT_LIFETIMES, emailDomainOf, SETTINGS_FIELDS, settingsValuesSchema } from '@crs/shared/schemas/settings';
import type { GradeBand, PublicSettings, Settings, SettingsPatch, SettingsValues } from '@crs/shared/schemas/settings';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import { presentPublic, presentSettings } from './settings.presenter.ts';
import { demoTermsAround } from './settings.seed.ts';
import * as repo from './settings.repository.ts';

// The institution's settings (issue 14 item 3, decision 0033). A low module: auth (approval and
// the registration policy), library (self-service return), attendance,
// assessment, reports, idcards and the mail signature read the values through `current`; it uses
// only files (the logo) and audit. Values live in one row, cached per process under
// ctx.caches.of('settings') and invalidated after every save, in every process (decision 0004),
// so a change applies at once without a restart.

/** The values in force with the row's logo and time of the last save; `termsSet`: the college saved its terms (not the defaults). */
export type CurrentSettings = SettingsValues & { logoFileId: string | null; updatedAt: Date | null; termsSet: boolean };

const KEY = 'current';
const cache = (ctx: AppContext) => ctx.caches.of<CurrentSettings>('settings');

/** "2026-27" for the academic year running on `date` (a year starts in June, as Indian colleges count). */
export function academicYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 6 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** What a value is when nobody has saved it: the environment's initial values and the calendar. */
export function defaults(ctx: AppContext): SettingsValues {
  const year = academicYearOf(collegeClock(ctx.config.timeZone).date);
  const y = Number(year.slice(0, 4));
  return {
    institutionName: ctx.config.collegeName,
    shortName: ctx.config.collegeShortName,
    academicYear: year,
    terms: [
      { name: 'Odd semester', start: `${y}-07-01`, end: `${y}-11-30` },
      { name: 'Even semester', start: `${y + 1}-01-01`, end: `${y + 1}-05-31` },
    ],
    registrationApproval: ctx.config.registrationApproval,
    studentRegistration: 'open',
    registrationDomains: [],
    selfServiceReturn: true,
    attendanceThreshold: ctx.config.attendanceThreshold,
    attendanceCorrectionDays: ctx.config.attendanceCorrectionDays,
    gradeScale: DEFAULT_GRADE_SCALE,
    ...DEFAULT_LIFETIMES,
    auditRetentionDays: audit.DEFAULT_RETENTION_DAYS,
    // The rollover's hold-back rule is off until the college sets it (everyone is promoted).
    holdBackAttendanceBelow: 0,
    holdBackFailedCreditsAbove: null,
    // Off on a new installation: an Admin without an authenticator app would be locked out.
    mfaRequiredForAdmins: false,
    // The public catalogue is opened by the college (nothing is public until someone decides so).
    opacEnabled: false,
  };
}

/**
 * The saved values over the defaults. A saved value the schema no longer accepts (bounds changed by
 * an upgrade) falls back to its default rather than stopping the server.
 */
function effective(ctx: AppContext, saved: Partial<SettingsValues>): SettingsValues {
  const merged = { ...defaults(ctx), ...saved };
  const parsed = settingsValuesSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const base = defaults(ctx);
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const repaired = Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, bad.has(k) ? base[k as keyof SettingsValues] : v])) as SettingsValues;
  return settingsValuesSchema.safeParse(repaired).success ? repaired : base;
}

const fromRow = (ctx: AppContext, row: repo.SettingsRow): CurrentSettings => ({ ...effective(ctx, row.values), logoFileId: row.logoFileId, updatedAt: row.updatedAt, termsSet: row.values.terms !== undefined });

/**
 * The settings in force: from this process's cache, else the row. Pass `tx` when called inside a
 * transaction (on the embedded database a read through ctx.db would wait for it).
 */
export async function current(ctx: AppContext, tx?: Executor): Promise<CurrentSettings> {
  const c = cache(ctx);
  const hit = c.get(KEY);
  if (hit) return hit;
  const epoch = c.epoch;
  const value = fromRow(ctx, await repo.getRow(tx ?? ctx.db));
  c.set(KEY, value, epoch);
  return value;
}

/**
 * Demo data: saves terms placed around today (the running semester and its neighbour,
 * settings.seed.ts) unless terms were saved already, so a first start shows a live semester whatever
 * the date. Not audited: the seed runs before anyone has signed in.
 */
export async function seedDemoTerms(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.getRow(tx, true);
    if (row.values.terms) return;
    await repo.saveValues(tx, { ...row.values, terms: demoTermsAround(collegeClock(ctx.config.timeZone).date) });
  });
  await cache(ctx).invalidate(KEY);
}

/** The term `date` ("YYYY-MM-DD") falls in, if any (the terms in force). */
export const termOn = async (ctx: AppContext, date: string) => (await current(ctx)).terms.find((t) => t.start <= date && date <= t.end);

/**
 * Whether `date` lies outside every term the college saved (issue 27: attendance refuses a regular
 * session there). False while the terms are the defaults nobody saved: no boundary was set to enforce.
 */
export async function outsideSavedTerms(ctx: AppContext, date: string): Promise<boolean> {
  const s = await current(ctx);
  return s.termsSet && !s.terms.some((t) => t.start <= date && date <= t.end);
}

/** The grading scale in force (assessment and reports grade with it). */
export const gradeScale = async (ctx: AppContext, tx?: Executor): Promise<GradeBand[]> => (await current(ctx, tx)).gradeScale;

/**
 * Whether the registration policy admits a self-registration with `email` as a Student: null when
 * it does, else the refusal (message and stable code) that says why (issue 25 item 6).
 */
export async function studentRegistrationRefusal(ctx: AppContext, email: string): Promise<{ message: string; code: string } | null> {
  const { studentRegistration: policy, registrationDomains: domains } = await current(ctx);
  if (policy === 'closed') return { message: MSG.registrationClosed, code: 'REGISTRATION_CLOSED' };
  if (policy === 'domains' && !domains.includes(emailDomainOf(email))) return { message: MSG.registrationDomainOnly(domains), code: 'REGISTRATION_DOMAIN' };
  return null;
}

/** Whether a Student may return their own loans (else only the library desk takes books back). */
export const selfServiceReturn = async (ctx: AppContext, tx?: Executor): Promise<boolean> => (await current(ctx, tx)).selfServiceReturn;

/** The institution's name (ID cards, mail signature). */
/** Whether the public catalogue (OPAC) is open. */
export const opacEnabled = async (ctx: AppContext): Promise<boolean> => (await current(ctx)).opacEnabled;

export const institutionName = async (ctx: AppContext): Promise<string> => (await current(ctx)).institutionName;

/** The logo's bytes for the ID card (PNG or JPEG), or null when there is none. */
export async function logoImage(ctx: AppContext): Promise<{ bytes: Buffer; mimeType: string } | null> {
  const { logoFileId } = await current(ctx);
  const read = logoFileId ? await files.readBytes(ctx, logoFileId) : undefined;
  return read ? { bytes: read.bytes, mimeType: read.file.mimeType } : null;
}

/** GET /settings (SuperAdmin): every value. */
export const getSettings = async (ctx: AppContext): Promise<Settings> => presentSettings(ctx, await current(ctx));

/** GET /settings/public: what any page may show. */
export const getPublicSettings = async (ctx: AppContext): Promise<PublicSettings> => presentPublic(ctx, await current(ctx));

const SETTINGS_TARGET = { type: 'settings', id: null, label: 'Settings' };

/**
 * Saves the fields given over the ones in force, checked whole (the idle timeout against the
 * session lifetime), under the row's lock, with the audit entry (each changed field's before and
 * after) in the same transaction; every process drops its cached copy after the commit.
 */
export async function updateSettings(ctx: AppContext, p: Principal, patch: SettingsPatch): Promise<Settings> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.getRow(tx, true);
    const before = effective(ctx, row.values);
    const parsed = settingsValuesSchema.safeParse({ ...before, ...patch });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(errors[0]!.message, 'VALIDATION_FAILED', errors);
    }
    const after = parsed.data;
    const saved = { ...row.values, ...Object.fromEntries(Object.keys(patch).map((k) => [k, after[k as keyof SettingsValues]])) };
    await repo.saveValues(tx, saved);
    const changes = audit.changesOf(before, after, SETTINGS_FIELDS);
    if (Object.keys(changes).length > 0) await audit.record(ctx, p, { action: 'settings.changed', target: SETTINGS_TARGET, changes }, tx);
  });
  await cache(ctx).invalidate(KEY);
  return getSettings(ctx);
}

/**
 * Sets the logo (PNG or JPEG up to 1 MiB, checked from the bytes): stored through the files module,
 * the row pointed at it and the change audited in one transaction; the old logo's file removed after.
 */
export async function setLogo(ctx: AppContext, p: Principal, upload: { bytes: Buffer; filename: string }): Promise<Settings> {
  const saved = await files.saveUpload(ctx, { purpose: 'logo', ownerId: p.user.id, bytes: upload.bytes, filename: upload.filename });
  let oldId: string | null;
  try {
    oldId = await ctx.db.transaction(async (tx) => {
      const { before, after } = await repo.setLogo(tx, saved.id);
      const logo = (fileId: string | null) => ({ logo: fileId ? files.fileUrl(fileId) : null });
      await audit.record(ctx, p, { action: 'settings.changed', target: SETTINGS_TARGET, changes: audit.changesOf(logo(before.logoFileId), logo(after.logoFileId), ['logo']) }, tx);
      return before.logoFileId;
    });
  } catch (err) {
    await files.removeFile(ctx, saved.id);
    throw err;
  }
  await cache(ctx).invalidate(KEY);
  if (oldId) await files.removeFile(ctx, oldId);
  return getSettings(ctx);
}

/** Removes the logo (409 when there is none), audited; ID cards drawn from now on show none. */
export async function removeLogo(ctx: AppContext, p: Principal): Promise<Settings> {
  const oldId = await ctx.db.transaction(async (tx) => {
    const { before } = await repo.setLogo(tx, null);
    if (!before.logoFileId) throw conflict(MSG.settingsNoLogo, 'NO_LOGO');
    await audit.record(ctx, p, { action: 'settings.changed', target: SETTINGS_TARGET, changes: { logo: { from: files.fileUrl(before.logoFileId), to: null } } }, tx);
    return before.logoFileId;
  });
  await cache(ctx).invalidate(KEY);
  await files.removeFile(ctx, oldId);
  return getSettings(ctx);
}

/**
 * Sends a test mail over the configured SMTP server now (not through the outbox) to `to`, else the
 * caller's own address: 409 when no server is configured, 502 with the server's answer when it
 * refuses or cannot be reached. Audited (who sent mail where), whether or not it went.
 */
export async function sendTestMail(ctx: AppContext, p: Principal, to: string | undefined): Promise<string> {
  const address = to ?? p.user.email;
  const { institutionName: name } = await current(ctx);
  let outcome: 'sent' | 'no-smtp' | 'failed' = 'failed';
  let reason = '';
  try {
    outcome = await ctx.mailer.deliverNow({ to: address, subject: MSG.testMailSubject(name), text: MSG.testMailText(p.user.name) });
  } catch (err) {
    reason = String((err as Error).message ?? err).slice(0, 300);
  }
  await audit.record(ctx, p, { action: 'settings.test_mail', target: SETTINGS_TARGET, details: { to: address, outcome, ...(reason ? { error: reason } : {}) } });
  if (outcome === 'no-smtp') throw conflict(MSG.testMailNoSmtp, 'SMTP_NOT_CONFIGURED');
  if (outcome === 'failed') throw new AppError(502, 'SMTP_FAILED', MSG.testMailFailed(reason));
  return address;
}

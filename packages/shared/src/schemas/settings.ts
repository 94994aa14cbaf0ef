import { z } from 'zod';
import { emailField } from '../fields.ts';
import { MSG } from '../messages.ts';
import { academicYearField, dateField } from './academics.ts';

/**
 * The institution's settings (issue 14 item 3, decision 0033): what a SuperAdmin changes at
 * /dashboard/superadmin/settings and the server applies without a restart. Every bound here is
 * the one the API, the form and the environment's initial values share.
 */

export const SETTINGS_BOUNDS = {
  attendanceThreshold: { min: 50, max: 100 },
  attendanceCorrectionDays: { min: 0, max: 90 },
  accessTokenMinutes: { min: 5, max: 60 },
  sessionDays: { min: 1, max: 90 },
  sessionIdleDays: { min: 1, max: 30 },
  auditRetentionDays: { min: 30, max: 3650 },
  holdBackAttendanceBelow: { min: 0, max: 100 },
  holdBackFailedCreditsAbove: { min: 0, max: 200 },
} as const;

/** Lifetimes a new installation starts with (quality.md: access 15 min, session 30 days, idle 7 days). */
export const DEFAULT_LIFETIMES = { accessTokenMinutes: 15, sessionDays: 30, sessionIdleDays: 7 } as const;

const wholeIn = (b: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(b.min, message).max(b.max, message);

export const termSchema = z.strictObject({
  name: z.string({ error: MSG.settingsTermName }).trim().min(1, MSG.settingsTermName).max(40, MSG.settingsTermName),
  start: dateField,
  end: dateField,
});
export type Term = z.infer<typeof termSchema>;

/** Terms: at most 6, each ending on or after its start, in order, none overlapping the next. */
export const termsField = z
  .array(termSchema, { error: MSG.settingsTermsOverlap })
  .max(6, MSG.settingsTermsCount)
  .superRefine((terms, c) => {
    terms.forEach((t, i) => {
      if (t.end < t.start) c.addIssue({ code: 'custom', path: [i, 'end'], message: MSG.settingsTermOrder });
      const prev = terms[i - 1];
      if (prev && t.start <= prev.end) c.addIssue({ code: 'custom', path: [i, 'start'], message: MSG.settingsTermsOverlap });
    });
  });

/** One band of the grading scale: from `min` percent up to the next band's start (the first up to 100). */
export const gradeBandSchema = z.strictObject({
  grade: z.string({ error: MSG.settingsGrade }).trim().min(1, MSG.settingsGrade).max(4, MSG.settingsGrade),
  points: z.number({ error: MSG.settingsGradePoints }).min(0, MSG.settingsGradePoints).max(10, MSG.settingsGradePoints).multipleOf(0.5, MSG.settingsGradePoints),
  min: z.number({ error: MSG.settingsGradeMin }).int(MSG.settingsGradeMin).min(0, MSG.settingsGradeMin).max(100, MSG.settingsGradeMin),
});
export type GradeBand = z.infer<typeof gradeBandSchema>;

/**
 * A grading scale: 2–15 bands, highest start first, starts strictly falling down to 0 (so the
 * bands are contiguous and cover 0–100), grades unique, points never rising as the bands fall.
 */
export const gradeScaleField = z
  .array(gradeBandSchema, { error: MSG.settingsGradeCount })
  .min(2, MSG.settingsGradeCount)
  .max(15, MSG.settingsGradeCount)
  .superRefine((bands, c) => {
    const seen = new Set<string>();
    bands.forEach((b, i) => {
      const prev = bands[i - 1];
      if (prev && b.min >= prev.min) c.addIssue({ code: 'custom', path: [i, 'min'], message: MSG.settingsGradeOrder });
      if (prev && b.points > prev.points) c.addIssue({ code: 'custom', path: [i, 'points'], message: MSG.settingsGradePointsOrder });
      if (seen.has(b.grade.toUpperCase())) c.addIssue({ code: 'custom', path: [i, 'grade'], message: MSG.settingsGradeUnique });
      seen.add(b.grade.toUpperCase());
    });
    const last = bands[bands.length - 1];
    if (last && last.min !== 0) c.addIssue({ code: 'custom', path: [bands.length - 1, 'min'], message: MSG.settingsGradeFromZero });
  });

/** The 10-point scale (UGC/AICTE style) a new installation starts with. */
export const DEFAULT_GRADE_SCALE: GradeBand[] = [
  { grade: 'O', points: 10, min: 90 },
  { grade: 'A+', points: 9, min: 80 },
  { grade: 'A', points: 8, min: 70 },
  { grade: 'B+', points: 7, min: 60 },
  { grade: 'B', points: 6, min: 50 },
  { grade: 'C', points: 5, min: 45 },
  { grade: 'P', points: 4, min: 40 },
  { grade: 'F', points: 0, min: 0 },
];

/** The grade and grade point of a percentage (0–100) on `scale`: the first band whose start it reaches. */
export function gradeOn(scale: readonly GradeBand[], percent: number): { grade: string; gradePoint: number } {
  const band = scale.find((g) => percent >= g.min) ?? scale[scale.length - 1]!;
  return { grade: band.grade, gradePoint: band.points };
}

/** Who may register as a Student by themself (issue 25 item 6): anyone, only addresses of listed domains, nobody. */
export const STUDENT_REGISTRATION = ['open', 'domains', 'closed'] as const;
export type StudentRegistration = (typeof STUDENT_REGISTRATION)[number];
/** At most this many email domains in the registration policy. */
export const MAX_REGISTRATION_DOMAINS = 20;

/** A host name: labels of letters, digits and inner hyphens, at least two, the last alphabetic. */
const DOMAIN_RE = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** One email domain ('college.edu'): trimmed, lower-cased, a leading '@' dropped. */
export const emailDomainField = z
  .string({ error: MSG.settingsDomain })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN_RE, MSG.settingsDomain));

/** The listed domains: each checked, duplicates dropped, at most MAX_REGISTRATION_DOMAINS. */
export const registrationDomainsField = z
  .array(emailDomainField, { error: MSG.settingsDomainsCount })
  .transform((ds) => [...new Set(ds)])
  .pipe(z.array(z.string()).max(MAX_REGISTRATION_DOMAINS, MSG.settingsDomainsCount));

/** The domain part of an email address, lower-cased. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();

/** The fields a SuperAdmin edits (PATCH /settings takes any of them; the logo has its own routes). */
const editable = {
  institutionName: z.string({ error: MSG.settingsInstitutionName }).trim().min(2, MSG.settingsInstitutionName).max(80, MSG.settingsInstitutionName),
  shortName: z.string({ error: MSG.settingsShortName }).trim().min(1, MSG.settingsShortName).max(20, MSG.settingsShortName),
  academicYear: academicYearField,
  terms: termsField,
  registrationApproval: z.boolean({ error: MSG.settingsApproval }),
  studentRegistration: z.enum(STUDENT_REGISTRATION, { error: MSG.settingsStudentRegistration }),
  registrationDomains: registrationDomainsField,
  selfServiceReturn: z.boolean({ error: MSG.settingsSelfServiceReturn }),
  attendanceThreshold: wholeIn(SETTINGS_BOUNDS.attendanceThreshold, MSG.settingsThreshold),
  attendanceCorrectionDays: wholeIn(SETTINGS_BOUNDS.attendanceCorrectionDays, MSG.settingsCorrectionDays),
  gradeScale: gradeScaleField,
  accessTokenMinutes: wholeIn(SETTINGS_BOUNDS.accessTokenMinutes, MSG.settingsAccessMinutes),
  sessionDays: wholeIn(SETTINGS_BOUNDS.sessionDays, MSG.settingsSessionDays),
  sessionIdleDays: wholeIn(SETTINGS_BOUNDS.sessionIdleDays, MSG.settingsIdleDays),
  auditRetentionDays: wholeIn(SETTINGS_BOUNDS.auditRetentionDays, MSG.settingsRetentionDays),
  /** The rollover's hold-back rule (issue 27 item 4): a student whose attendance in the closing term is below this percent is held back; 0 = off. */
  holdBackAttendanceBelow: wholeIn(SETTINGS_BOUNDS.holdBackAttendanceBelow, MSG.settingsHoldBackAttendance),
  /** …and one with more failed credits than this in the closing term; null = off. */
  holdBackFailedCreditsAbove: wholeIn(SETTINGS_BOUNDS.holdBackFailedCreditsAbove, MSG.settingsHoldBackCredits).nullable(),
  /** Admins and SuperAdmins must use a second factor (issue 28 item 3): those without one enrol at their next sign-in. */
  mfaRequiredForAdmins: z.boolean({ error: MSG.settingsMfaRequired }),
  /** The public catalogue (issue 31 item 5): /opac and GET /opac/books answer without signing in. */
  opacEnabled: z.boolean({ error: MSG.settingsOpacEnabled }),
};

/** Every editable value, whole: what the server stores and applies (rules across fields included). */
export const settingsValuesSchema = z.strictObject(editable).superRefine((s, c) => {
  if (s.sessionIdleDays > s.sessionDays) c.addIssue({ code: 'custom', path: ['sessionIdleDays'], message: MSG.settingsIdleOverSession });
  if (s.studentRegistration === 'domains' && s.registrationDomains.length === 0) c.addIssue({ code: 'custom', path: ['registrationDomains'], message: MSG.settingsDomainsRequired });
});
export type SettingsValues = z.infer<typeof settingsValuesSchema>;
export const SETTINGS_FIELDS = Object.keys(editable) as Array<keyof SettingsValues>;

/** PATCH /settings: any of the editable fields (unknown fields refused); at least one. */
export const settingsPatchSchema = z
  .strictObject(editable)
  .partial()
  .refine((p) => Object.keys(p).length > 0, MSG.settingsNothingToChange);
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The settings as GET /settings answers: every value, the logo's address, when last saved. */
export const settingsSchema = z.object({
  institutionName: z.string(),
  shortName: z.string(),
  academicYear: z.string(),
  terms: z.array(z.object({ name: z.string(), start: z.string(), end: z.string() })),
  registrationApproval: z.boolean(),
  studentRegistration: z.enum(STUDENT_REGISTRATION),
  registrationDomains: z.array(z.string()),
  /** 'Students may return books themselves'; when off, returns happen at the library desk. */
  selfServiceReturn: z.boolean(),
  attendanceThreshold: z.number(),
  attendanceCorrectionDays: z.number(),
  gradeScale: z.array(z.object({ grade: z.string(), points: z.number(), min: z.number() })),
  accessTokenMinutes: z.number(),
  sessionDays: z.number(),
  sessionIdleDays: z.number(),
  auditRetentionDays: z.number(),
  holdBackAttendanceBelow: z.number(),
  holdBackFailedCreditsAbove: z.number().nullable(),
  mfaRequiredForAdmins: z.boolean(),
  opacEnabled: z.boolean(),
  /** The logo's address (`/api/v1/files/{id}`, open to anyone like an avatar), or null. */
  logoUrl: z.string().nullable(),
  /** Whether an SMTP server is configured (the test mail needs one). */
  smtpConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsResponse = z.object({ settings: settingsSchema });
export const settingsSavedResponse = z.object({ message: z.string(), settings: settingsSchema });

/**
 * GET /settings/public: what any page may show, signed in or not — with the rules a page must
 * explain before it is refused (the register page's policy, My Loans' return rule).
 */
export const publicSettingsSchema = z.object({
  institutionName: z.string(),
  shortName: z.string(),
  logoUrl: z.string().nullable(),
  academicYear: z.string(),
  studentRegistration: z.enum(STUDENT_REGISTRATION),
  registrationDomains: z.array(z.string()),
  selfServiceReturn: z.boolean(),
  /** The public catalogue is open (the login page links to it). */
  opacEnabled: z.boolean(),
  /** The college's IANA time zone (CRS_TIMEZONE): the client shows every date and time in it. */
  timeZone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** POST /settings/test-mail: to the caller's own address unless another is given (no body: Fastify reads it as null). */
export const testMailSchema = z.strictObject({ to: emailField.optional() }).nullish();
export type TestMailInput = z.infer<typeof testMailSchema>;
export const testMailResponse = z.object({ message: z.string(), to: z.string() });

/** The logo picker's `accept` and the types the ID card can draw (PNG and JPEG; the server checks the bytes). */
export const LOGO_ACCEPT = 'image/png,image/jpeg';

import { z } from 'zod';
import { EMAIL_MAX } from '../fields.ts';
import { MSG } from '../messages.ts';
import { idParamsWith, pagedResponse, pageQuery } from './common.ts';
import type { ImportColumn } from './import.ts';

/**
 * The alumni directory's contract (spec sections 3, 5, 7; issue 10). One schema checks the form,
 * the API and every import row, and does the before-submit normalisation itself, so all three
 * agree: empty optional strings are omitted, empty experiences dropped, tags given as one text
 * are split on ',' or ';' and trimmed. `normalizeTags` also caps the form's tags at 20.
 */

export const ALUMNI_VISIBILITIES = ['public', 'private'] as const;
export type AlumniVisibility = (typeof ALUMNI_VISIBILITIES)[number];
export const ALUMNI_MAX_TAGS = 20;
export const ALUMNI_MAX_EXPERIENCES = 30;
/** The merge fields a message may hold; each is filled per recipient (blank when unknown). */
export const ALUMNI_MERGE_FIELDS = ['{{name}}', '{{company}}', '{{role}}', '{{batch}}'] as const;
export const ALUMNI_MESSAGE_MAX = 5000;
export const ALUMNI_SUBJECT_MAX = 200;
/** One message or batch delete names at most this many alumni. */
export const ALUMNI_BATCH_MAX = 1000;
/**
 * A list answer counts matches exactly up to this many; beyond it `total` is the cap and `capped`
 * true (show "1000+"; every page can still be read). As the catalogue search (decision 0013).
 */
export const ALUMNI_COUNT_CAP = 1000;

/** Graduation years accepted as input: 1900 to five years ahead (the spec's messages, the issue's bound). */
export const GRADUATION_YEAR_MIN = 1900;
export const maxGraduationYear = (now = new Date()) => now.getFullYear() + 5;

// ---------------------------------------------------------------------------------------------
// Fields

/** '' and whitespace mean "not given": null (create: unset; edit: clear). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number, tooLong?: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, tooLong ?? `At most ${max} characters`).nullable());

const emailText = z.preprocess(
  blankToNull,
  z.string().trim().max(EMAIL_MAX, MSG.alumniInvalidEmail).toLowerCase().pipe(z.email(MSG.alumniInvalidEmail)).nullable(),
);

const linkedinText = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(300, MSG.alumniInvalidLinkedin)
    .regex(/^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i, MSG.alumniInvalidLinkedin)
    .nullable(),
);

/** A year typed in a form or a cell ('2019') or sent as a number. */
const yearField = z.preprocess(
  (v) => {
    const b = blankToNull(v);
    if (typeof b === 'string') return /^\s*-?\d+\s*$/.test(b) ? Number(b) : Number.NaN;
    return b;
  },
  z
    .number({ error: MSG.alumniYearInvalid })
    .int(MSG.alumniYearInvalid)
    .min(GRADUATION_YEAR_MIN, MSG.alumniYearTooEarly)
    .refine((y) => y <= maxGraduationYear(), MSG.alumniYearTooLate)
    .nullable(),
);

const isoDate = z.preprocess(blankToNull, z.iso.date(MSG.alumniDateFormat).nullable());

/** Tags as a list or as one text ('ml, iot; cloud'): split, trimmed, blanks and repeats dropped. */
export function splitTags(v: unknown): unknown {
  const list = typeof v === 'string' ? v.split(/[,;]/) : v;
  if (!Array.isArray(list)) return list;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const t of list) {
    if (typeof t !== 'string') {
      out.push(t);
      continue;
    }
    const tag = t.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}
const tagsField = z.preprocess(splitTags, z.array(z.string().max(50, MSG.alumniTagTooLong)).max(ALUMNI_MAX_TAGS, MSG.alumniTooManyTags));

/** The form's tags text as the list it submits: split, trimmed, at most 20 (issue 10: capped before submit). */
export const normalizeTags = (v: string | readonly string[]): string[] => (splitTags(v) as string[]).slice(0, ALUMNI_MAX_TAGS);

const bool = z.preprocess((v) => {
  if (typeof v !== 'string') return v ?? false;
  const s = v.trim().toLowerCase();
  if (['', 'no', 'false', '0', 'n'].includes(s)) return false;
  if (['yes', 'true', '1', 'y', 'x', 'current'].includes(s)) return true;
  return v;
}, z.boolean({ error: MSG.alumniYesNo }));

export const experienceSchema = z
  .strictObject({
    company: text(100, MSG.alumniExpCompanyTooLong).optional(),
    role: text(100, MSG.alumniExpRoleTooLong).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    currentlyWorking: bool.optional(),
    description: text(500, MSG.alumniExpDescriptionTooLong).optional(),
  })
  .transform((e) => ({
    company: e.company ?? null,
    role: e.role ?? null,
    startDate: e.startDate ?? null,
    // Someone still working there has no end date.
    endDate: e.currentlyWorking ? null : (e.endDate ?? null),
    currentlyWorking: e.currentlyWorking ?? false,
    description: e.description ?? null,
  }))
  .superRefine((e, ctx) => {
    if (!e.company && !e.role && !e.description) ctx.addIssue({ code: 'custom', message: MSG.alumniExperienceEmpty, path: ['company'] });
    if (e.startDate && e.endDate && e.endDate < e.startDate) ctx.addIssue({ code: 'custom', message: MSG.alumniEndBeforeStart, path: ['endDate'] });
  });
export type Experience = z.output<typeof experienceSchema>;

/** An experience row the form left empty (every text blank, not current) is dropped, not an error. */
const isEmptyExperience = (e: unknown) =>
  typeof e === 'object' &&
  e !== null &&
  Object.entries(e).every(([k, v]) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (k === 'currentlyWorking' && v === false));
const experiencesField = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((e) => !isEmptyExperience(e)) : v),
  z.array(experienceSchema).max(ALUMNI_MAX_EXPERIENCES, MSG.alumniTooManyExperiences),
);

export const alumnusFields = {
  name: z.string({ error: MSG.alumniNameRequired }).trim().min(1, MSG.alumniNameRequired).max(100, MSG.alumniNameTooLong),
  email: emailText,
  phone: text(20, MSG.alumniPhoneTooLong),
  enrollmentNo: text(50),
  batch: text(20),
  department: text(50),
  degree: text(50),
  specialization: text(100),
  graduationYear: yearField,
  currentCompany: text(100),
  currentRole: text(100),
  linkedin: linkedinText,
  location: text(100),
  about: text(1000, MSG.alumniAboutTooLong),
  experiences: experiencesField,
  tags: tagsField,
  visibility: z.enum(ALUMNI_VISIBILITIES, { error: MSG.alumniVisibility }),
};

const OPTIONAL_KEYS = [
  'email',
  'phone',
  'enrollmentNo',
  'batch',
  'department',
  'degree',
  'specialization',
  'graduationYear',
  'currentCompany',
  'currentRole',
  'linkedin',
  'location',
  'about',
] as const;
export type AlumnusTextKey = (typeof OPTIONAL_KEYS)[number];
/** The optional single-value fields (every field but name, the lists and visibility): what the form omits when blank. */
export const ALUMNUS_OPTIONAL_KEYS: readonly AlumnusTextKey[] = OPTIONAL_KEYS;

/** POST /alumni, and every import row: name required, the rest optional (blank = not given). */
export const createAlumnusSchema = z.strictObject({
  name: alumnusFields.name,
  ...(Object.fromEntries(OPTIONAL_KEYS.map((k) => [k, alumnusFields[k].optional()])) as { [K in AlumnusTextKey]: z.ZodOptional<(typeof alumnusFields)[K]> }),
  experiences: alumnusFields.experiences.default([]),
  tags: alumnusFields.tags.default([]),
  visibility: alumnusFields.visibility.default('public'),
});
export type CreateAlumnusInput = z.output<typeof createAlumnusSchema>;
/** What the schema accepts before it normalises (loose: strings for numbers, text for tags). */
export type AlumnusFormInput = z.input<typeof createAlumnusSchema>;
/**
 * The create/edit form's values as the web holds them (every text a string, '' when empty; tags as
 * typed). Passed as is to createAlumnusSchema / updateAlumnusSchema, which normalise them.
 */
export type AlumnusFormValues = { [K in 'name' | AlumnusTextKey]: string } & {
  experiences: Array<{ company: string; role: string; startDate: string; endDate: string; currentlyWorking: boolean; description: string }>;
  tags: string;
  visibility: AlumniVisibility;
};

/**
 * PATCH /alumni/{id}: name required (spec section 5: "on edit all fields are optional except
 * name"); any other field absent stays as it is, blank or null clears it, experiences and tags
 * replace the stored lists.
 */
export const updateAlumnusSchema = z.strictObject({
  name: alumnusFields.name,
  ...(Object.fromEntries(OPTIONAL_KEYS.map((k) => [k, alumnusFields[k].optional()])) as { [K in AlumnusTextKey]: z.ZodOptional<(typeof alumnusFields)[K]> }),
  experiences: alumnusFields.experiences.optional(),
  tags: alumnusFields.tags.optional(),
  visibility: alumnusFields.visibility.optional(),
});
export type UpdateAlumnusInput = z.output<typeof updateAlumnusSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * An alumnus as every endpoint answers it (spec section 3, plus updatedAt). email and phone are
 * null for a caller who may not see them (a Student: only public profiles carry contact fields,
 * and a Student never receives a private profile at all).
 */
export const alumnusSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enrollmentNo: z.string().nullable(),
  batch: z.string().nullable(),
  department: z.string().nullable(),
  degree: z.string().nullable(),
  specialization: z.string().nullable(),
  graduationYear: z.number().int().nullable(),
  currentCompany: z.string().nullable(),
  currentRole: z.string().nullable(),
  linkedin: z.string().nullable(),
  location: z.string().nullable(),
  about: z.string().nullable(),
  experiences: z.array(
    z.object({
      company: z.string().nullable(),
      role: z.string().nullable(),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      currentlyWorking: z.boolean(),
      description: z.string().nullable(),
    }),
  ),
  tags: z.array(z.string()),
  visibility: z.enum(ALUMNI_VISIBILITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alumnus = z.infer<typeof alumnusSchema>;

export const ALUMNI_SORTS = ['name', '-name', 'graduationYear', '-graduationYear', 'createdAt', '-createdAt'] as const;
export type AlumniSort = (typeof ALUMNI_SORTS)[number];

/**
 * GET /alumni: `q` matches name, current company or current role, case-insensitive, anywhere in a
 * word; with several words each must match. Filters: department (exact, any case), graduation
 * year, company (part of the current company's name). Sort: by name (default), year or newest.
 */
export const listAlumniQuery = z.strictObject({
  q: z.string().trim().max(200).default(''),
  department: z.string().trim().max(50).optional(),
  graduationYear: z.coerce.number().int().min(GRADUATION_YEAR_MIN).max(2100).optional(),
  company: z.string().trim().max(100).optional(),
  sort: z.enum(ALUMNI_SORTS).default('name'),
  ...pageQuery,
});
export type ListAlumniQuery = z.infer<typeof listAlumniQuery>;
/** `capped`: more than ALUMNI_COUNT_CAP matched; `total` is then the cap. */
export const alumniListResponse = pagedResponse('alumni', alumnusSchema).extend({ capped: z.boolean() });
export const alumnusIdParams = idParamsWith(MSG.alumnusNotFound);
export const alumnusResponse = z.object({ alumnus: alumnusSchema });
export const alumnusSavedResponse = z.object({ message: z.string(), alumnus: alumnusSchema });
/** PATCH /alumni/me (issue 27 item 5): a graduate makes their own alumni profile public or private. */
export const myAlumnusVisibilityBody = z.strictObject({ visibility: alumnusFields.visibility });
export type MyAlumnusVisibility = z.infer<typeof myAlumnusVisibilityBody>;

const idList = z
  .array(z.uuid(MSG.alumnusNotFound))
  .min(1, MSG.alumniSelectSome)
  .max(ALUMNI_BATCH_MAX, `At most ${ALUMNI_BATCH_MAX} alumni at once`)
  .transform((ids) => [...new Set(ids)]);

/** POST /alumni/delete: every id deleted in one transaction; an unknown id deletes nothing (404). */
export const deleteAlumniBody = z.strictObject({ ids: idList });
export const deleteAlumniResponse = z.object({ message: z.string(), deleted: z.number().int() });

/** POST /alumni/message: a mail to each selected alumnus with an email, merge fields filled. */
export const messageAlumniBody = z.strictObject({
  ids: idList,
  message: z.string({ error: MSG.alumniMessageEmpty }).trim().min(1, MSG.alumniMessageEmpty).max(ALUMNI_MESSAGE_MAX, MSG.alumniMessageTooLong),
  subject: z.preprocess(blankToNull, z.string().trim().max(ALUMNI_SUBJECT_MAX, MSG.alumniSubjectTooLong).nullable()).optional(),
});
export type MessageAlumniInput = z.output<typeof messageAlumniBody>;
const recipientRef = z.object({ _id: z.string(), name: z.string() });
export const messageAlumniResponse = z.object({
  message: z.string(),
  /** Mails stored in the outbox (one per alumnus with an email). */
  queued: z.number().int(),
  /** Selected alumni without an email: nothing was sent to them. */
  withoutEmail: z.array(recipientRef),
  /** Selected ids that are no alumnus (deleted meanwhile). */
  notFound: z.array(z.string()),
});

/** One bulk message as recorded: who sent what to whom, when. */
export const alumniMessageRecordSchema = z.object({
  _id: z.string(),
  sentBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  sentAt: z.string(),
  subject: z.string(),
  message: z.string(),
  recipients: z.array(recipientRef.extend({ email: z.string().nullable() })),
  queued: z.number().int(),
});
export type AlumniMessageRecord = z.infer<typeof alumniMessageRecordSchema>;
export const listAlumniMessagesQuery = z.strictObject({ ...pageQuery });
export const alumniMessagesResponse = pagedResponse('messages', alumniMessageRecordSchema);

/** GET /alumni/export?format=xlsx|csv (faculty). */
export const exportAlumniQuery = z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** Fills the merge fields of a message for one recipient. */
export function fillMergeFields(template: string, a: { name: string; currentCompany: string | null; currentRole: string | null; batch: string | null }): string {
  const values: Record<string, string> = { name: a.name, company: a.currentCompany ?? '', role: a.currentRole ?? '', batch: a.batch ?? '' };
  return template.replace(/\{\{\s*(name|company|role|batch)\s*\}\}/g, (_, k: string) => values[k] ?? '');
}

// ---------------------------------------------------------------------------------------------
// Import (POST /alumni/upload/excel) and export columns

/** Experience columns read by an import (experience1Company ... experience30Description): as many as a profile holds. */
export const ALUMNI_IMPORT_EXPERIENCES = ALUMNI_MAX_EXPERIENCES;
/** Experience columns the template shows. */
export const ALUMNI_TEMPLATE_EXPERIENCES = 2;
export const EXPERIENCE_PARTS = [
  ['Company', 'Infosys'],
  ['Role', 'Systems Engineer'],
  ['StartDate', '2015-07-01'],
  ['EndDate', '2018-06-30'],
  ['CurrentlyWorking', 'no'],
  ['Description', 'Built billing services for a telecom client'],
] as const;
export const experienceColumnKey = (n: number, part: (typeof EXPERIENCE_PARTS)[number][0]) => `experience${n}${part}`;

/**
 * The import's columns: the spec's field names, or their labels ('Graduation Year'), or an alias.
 * Experiences as columns experienceNCompany / Role / StartDate (YYYY-MM-DD) / EndDate /
 * CurrentlyWorking (yes/no) / Description for N = 1..30. Tags separated by ',' or ';'.
 */
export const ALUMNI_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', label: 'Name', required: true, aliases: ['Full Name'], example: 'Ananya Krishnan' },
  { key: 'email', label: 'Email', aliases: ['Email Address', 'E-mail'], example: 'ananya.krishnan@example.com', hint: 'matches an existing alumnus: that record is updated' },
  { key: 'phone', label: 'Phone', aliases: ['Mobile', 'Phone Number'], example: '9845011122' },
  { key: 'enrollmentNo', label: 'Enrollment No', aliases: ['Enrollment Number', 'Enrolment No', 'Roll No'], example: 'CSE2014047', hint: 'matches an existing alumnus when there is no email' },
  { key: 'batch', label: 'Batch', example: '2014-2018' },
  { key: 'department', label: 'Department', example: 'Computer Science and Engineering' },
  { key: 'degree', label: 'Degree', example: 'B.Tech' },
  { key: 'specialization', label: 'Specialization', example: 'Computer Science' },
  { key: 'graduationYear', label: 'Graduation Year', aliases: ['Passing Year', 'Year of Passing'], example: '2018', hint: `a year from ${GRADUATION_YEAR_MIN}` },
  { key: 'currentCompany', label: 'Current Company', aliases: ['Company'], example: 'Infosys' },
  { key: 'currentRole', label: 'Current Role', aliases: ['Role', 'Designation'], example: 'Senior Systems Engineer' },
  { key: 'linkedin', label: 'LinkedIn', aliases: ['LinkedIn URL', 'LinkedIn Profile'], example: 'https://www.linkedin.com/in/ananya-krishnan' },
  { key: 'location', label: 'Location', aliases: ['City'], example: 'Bengaluru' },
  { key: 'about', label: 'About', example: 'Backend engineer; mentors juniors for placements' },
  { key: 'tags', label: 'Tags', example: 'mentor, cloud', hint: "separate tags with ',' or ';'" },
  { key: 'visibility', label: 'Visibility', example: 'public', hint: 'public or private; blank means public' },
  ...Array.from({ length: ALUMNI_IMPORT_EXPERIENCES }, (_, i) =>
    EXPERIENCE_PARTS.map(([part, example]) => ({
      key: experienceColumnKey(i + 1, part),
      label: `Experience ${i + 1} ${part.replace(/([a-z])([A-Z])/g, '$1 $2')}`,
      example: i === 0 ? example : '',
      ...(part.endsWith('Date') ? { hint: 'a date: 2019-07-01 or 01-07-2019 (day first)' } : part === 'CurrentlyWorking' ? { hint: 'yes or no' } : {}),
    })),
  ).flat(),
];

/** The template's columns: every field and the first ALUMNI_TEMPLATE_EXPERIENCES experiences. */
export const ALUMNI_TEMPLATE_COLUMNS = ALUMNI_IMPORT_COLUMNS.filter((c) => {
  const m = /^experience(\d+)/.exec(c.key);
  return !m || Number(m[1]) <= ALUMNI_TEMPLATE_EXPERIENCES;
});

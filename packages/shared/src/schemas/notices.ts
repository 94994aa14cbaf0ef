import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { fileRefSchema } from './files.ts';

// Notices (issue 13 item 3, decision 0028): Staff, Admin and SuperAdmin publish; each reader sees the
// notices whose audience includes them — by role, and, when departments or sections are named, only
// members of one of them — until the notice expires. The body is Markdown; the server renders it
// with raw HTML switched off (`bodyHtml`), so no markup a publisher types reaches a page as HTML.

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 10_000;
/** What the attachment picker accepts (the server checks the bytes). */
export const NOTICE_ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.odt,.ods,.odp,.png,.jpg,.jpeg,.webp,.gif';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date 'YYYY-MM-DD' that exists. */
export const dateField = (message: string) =>
  z.string({ error: message }).regex(isoDate, message).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, message);

const idList = (message: string) => z.array(z.uuid(message)).max(100, MSG.noticeAudienceTooMany);

/** Who a notice is for: no roles means every role; no departments and no sections means everyone of those roles. */
export const noticeAudienceSchema = z.object({
  roles: z.array(z.enum(ROLES, MSG.noticeAudienceRole)).max(ROLES.length, MSG.noticeAudienceTooMany).default([]),
  departmentIds: idList(MSG.noticeDepartmentUnknown).default([]),
  sectionIds: idList(MSG.noticeSectionUnknown).default([]),
});
export type NoticeAudienceInput = z.infer<typeof noticeAudienceSchema>;

const noticeFields = {
  title: z.string({ error: MSG.noticeTitleRequired }).trim().min(1, MSG.noticeTitleRequired).max(NOTICE_TITLE_MAX, MSG.noticeTitleTooLong),
  body: z.string({ error: MSG.noticeBodyRequired }).trim().min(1, MSG.noticeBodyRequired).max(NOTICE_BODY_MAX, MSG.noticeBodyTooLong),
  pinned: z.boolean().default(false),
  /** The last day the notice shows ('YYYY-MM-DD', in the college's time zone); null: until deleted. */
  expiresOn: dateField(MSG.noticeExpiryInvalid).nullable().default(null),
  audience: noticeAudienceSchema.default({ roles: [], departmentIds: [], sectionIds: [] }),
};

/** POST /notices. */
export const createNoticeSchema = z.strictObject(noticeFields);
export type CreateNoticeInput = z.input<typeof createNoticeSchema>;
export type CreateNotice = z.output<typeof createNoticeSchema>;

/** PATCH /notices/{id}: any of the fields; an audience given replaces the stored one. */
export const updateNoticeSchema = z.strictObject({
  title: noticeFields.title.optional(),
  body: noticeFields.body.optional(),
  pinned: z.boolean().optional(),
  expiresOn: dateField(MSG.noticeExpiryInvalid).nullable().optional(),
  audience: noticeAudienceSchema.optional(),
});
export type UpdateNoticeInput = z.input<typeof updateNoticeSchema>;

export const noticeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The Markdown source (what the edit form shows). */
  body: z.string(),
  /** The body rendered to HTML on the server with raw HTML off and unsafe links dropped. */
  bodyHtml: z.string(),
  pinned: z.boolean(),
  expiresOn: z.string().nullable(),
  expired: z.boolean(),
  audience: z.object({
    roles: z.array(z.enum(ROLES)),
    departments: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
    sections: z.array(z.object({ _id: z.string(), name: z.string() })),
  }),
  /** A signed link (an hour) for whoever was given the answer; null without an attachment. */
  attachment: fileRefSchema.nullable(),
  author: z.string(),
  /** The caller may edit and delete it (its author, or Admin/SuperAdmin). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True until the caller opens it (POST /notices/{id}/read). */
  unread: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /notices: the caller's notices, pinned first then newest, and how many are unread. */
export const myNoticesResponse = z.object({ notices: z.array(noticeSchema), unread: z.number().int() });
export type MyNotices = z.infer<typeof myNoticesResponse>;
/** GET /notices/manage: every notice, expired too (publishers). */
export const allNoticesResponse = z.object({ notices: z.array(noticeSchema) });
export const noticeResponse = z.object({ message: z.string(), notice: noticeSchema });

/** GET /notices/audiences (publishers): the departments and sections a notice can be addressed to. */
export const noticeAudiencesResponse = z.object({
  roles: z.array(z.enum(ROLES)),
  departments: z.array(z.object({ _id: z.string(), code: z.string(), name: z.string() })),
  sections: z.array(z.object({ _id: z.string(), name: z.string(), department: z.string() })),
});
export type NoticeAudiences = z.infer<typeof noticeAudiencesResponse>;

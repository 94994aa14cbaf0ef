import { MSG } from '@crs/shared/messages';
import { ADMINS, NOTICE_PUBLISHERS, ROLES, hasAnyRole } from '@crs/shared/roles';
import type { CreateNotice, MyNotices, Notice, NoticeAudienceInput, NoticeAudiences, UpdateNoticeInput } from '@crs/shared/schemas/notices';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as files from '../files/files.service.ts';
import * as notifications from '../notifications/notifications.service.ts';
import type { FileRow } from '../files/files.service.ts';
import * as guardians from '../guardians/guardians.service.ts';
import * as users from '../users/users.service.ts';
import { presentNotice } from './notices.presenter.ts';
import type { NoticeLookups } from './notices.presenter.ts';
import * as repo from './notices.repository.ts';
import type { NoticeRow, Reader } from './notices.repository.ts';

// Notices (issue 13 item 3, decision 0028): publishers (Staff, Admin, SuperAdmin) write them; a
// reader gets the unexpired notices whose audience includes them, with an unread flag that
// POST /notices/{id}/read clears. A Staff member edits and deletes their own notices; Admin and
// SuperAdmin any. The attachment is a files row of purpose 'notice', readable by the audience.

const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;
const isPublisher = (p: Principal) => hasAnyRole(p.user.roles, NOTICE_PUBLISHERS);
const mayEdit = (p: Principal, row: NoticeRow) => isPublisher(p) && (row.createdBy === p.user.id || hasAnyRole(p.user.roles, ADMINS));

async function readerOf(ctx: AppContext, p: { user: Pick<Principal['user'], 'id' | 'roles'> }): Promise<Reader> {
  const where = await academics.affiliationOf(ctx, p.user.id);
  return { userId: p.user.id, roles: p.user.roles, ...where, today: today(ctx) };
}

/** Who besides the uploader and admins may open a notice's attachment: its audience, and publishers. */
export async function mayReadAttachment(ctx: AppContext, p: Principal, file: FileRow): Promise<boolean> {
  const row = await repo.findByAttachment(ctx.db, file.id);
  if (!row) return false;
  if (isPublisher(p)) return true;
  return (await repo.findForReader(ctx.db, row.id, await readerOf(ctx, p))) !== undefined;
}

async function lookups(ctx: AppContext, rows: NoticeRow[]): Promise<NoticeLookups> {
  const fileIds = rows.map((r) => r.attachmentFileId).filter((id): id is string => id !== null);
  const [departments, sections, authors, attachments] = await Promise.all([
    academics.departmentsByIds(ctx, [...new Set(rows.flatMap((r) => r.departmentIds))]),
    academics.sectionsByIds(ctx, [...new Set(rows.flatMap((r) => r.sectionIds))]),
    users.usersByIds(
      ctx,
      rows.map((r) => r.createdBy).filter((id): id is string => id !== null),
    ),
    files.signedRefs(ctx, fileIds),
  ]);
  return {
    departments: new Map(departments.map((d) => [d.id, d])),
    sections: new Map(sections.map((s) => [s.id, { id: s.id, name: s.name }])),
    authors,
    attachments,
    today: today(ctx),
  };
}

async function presentFor(ctx: AppContext, p: Principal, rows: NoticeRow[], unread?: (r: NoticeRow) => boolean): Promise<Notice[]> {
  const l = await lookups(ctx, rows);
  const isUnread = unread ?? (await (async () => {
    const read = await repo.readIdsOf(ctx.db, p.user.id, rows.map((r) => r.id));
    return (r: NoticeRow) => !read.has(r.id);
  })());
  return rows.map((r) => presentNotice(r, l, { unread: isUnread(r), editable: mayEdit(p, r) }));
}

/** GET /notices: the caller's unexpired notices (their roles, departments and sections), pinned first then newest, and the unread count. */
export async function myNotices(ctx: AppContext, p: Principal): Promise<MyNotices> {
  const rows = await repo.listForReader(ctx.db, await readerOf(ctx, p));
  const unread = new Map(rows.map((r) => [r.id, r.unread]));
  const notices = await presentFor(ctx, p, rows, (r) => unread.get(r.id) ?? false);
  return { notices, unread: rows.filter((r) => r.unread).length };
}

/**
 * GET /students/{id}/notices: the notices addressed to a student (the student's roles, department and
 * sections), for their guardian (issue 30), the student, a Teacher or a manager; `unread` is the student's.
 */
export async function studentNotices(ctx: AppContext, p: Principal, ref: string): Promise<MyNotices> {
  const student = await guardians.childReadableBy(ctx, p.user, ref, () => forbidden(MSG.forbidden, 'NOT_YOUR_STUDENT'));
  const rows = await repo.listForReader(ctx.db, await readerOf(ctx, { user: { id: student.id, roles: ['Student'] } }));
  const unread = new Map(rows.map((r) => [r.id, r.unread]));
  const notices = await presentFor(ctx, p, rows, (r) => unread.get(r.id) ?? false);
  return { notices, unread: rows.filter((r) => r.unread).length };
}

/** GET /notices/manage (publishers): every notice, expired ones too; `unread` only on those addressed to the caller (as their bell counts). */
export async function allNotices(ctx: AppContext, p: Principal): Promise<{ notices: Notice[] }> {
  const [rows, mine] = await Promise.all([repo.listAll(ctx.db), readerOf(ctx, p).then((r) => repo.listForReader(ctx.db, r))]);
  const unread = new Map(mine.map((r) => [r.id, r.unread]));
  return { notices: await presentFor(ctx, p, rows, (r) => unread.get(r.id) ?? false) };
}

/** GET /notices/audiences: every role, department and section a notice can be addressed to. */
export async function audiences(ctx: AppContext): Promise<NoticeAudiences> {
  const [departments, sections] = await Promise.all([academics.allDepartments(ctx), academics.allSections(ctx)]);
  return {
    roles: [...ROLES],
    departments: departments.map((d) => ({ _id: d.id, code: d.code, name: d.name })),
    sections: sections.map((s) => ({ _id: s.id, name: s.name, department: s.departmentCode })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Departments and sections of an audience must exist: a typo must not make a notice reach nobody. */
async function checkAudience(ctx: AppContext, a: NoticeAudienceInput): Promise<NoticeAudienceInput> {
  const departmentIds = [...new Set(a.departmentIds)];
  const sectionIds = [...new Set(a.sectionIds)];
  const [departments, sections] = await Promise.all([academics.departmentsByIds(ctx, departmentIds), academics.sectionsByIds(ctx, sectionIds)]);
  if (departments.length !== departmentIds.length) throw badRequest(MSG.noticeDepartmentUnknown, 'DEPARTMENT_NOT_FOUND', [{ path: 'audience.departmentIds', message: MSG.noticeDepartmentUnknown }]);
  if (sections.length !== sectionIds.length) throw badRequest(MSG.noticeSectionUnknown, 'SECTION_NOT_FOUND', [{ path: 'audience.sectionIds', message: MSG.noticeSectionUnknown }]);
  return { roles: [...new Set(a.roles)], departmentIds, sectionIds };
}

async function editable(ctx: AppContext, p: Principal, id: string): Promise<NoticeRow> {
  const row = await repo.findNotice(ctx.db, id);
  if (!row) throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
  if (!mayEdit(p, row)) throw forbidden();
  return row;
}

const one = async (ctx: AppContext, p: Principal, row: NoticeRow) => (await presentFor(ctx, p, [row]))[0]!;

/**
 * POST /notices: publishes a notice; the audience's departments and sections must exist (400).
 * With `upload` (POST /notices/with-attachment) the file is checked first (413/415 publish nothing)
 * and kept in the notice's own transaction, so readers never see the notice without it.
 */
export async function createNotice(ctx: AppContext, p: Principal, v: CreateNotice, upload?: { bytes: Buffer; filename: string }): Promise<Notice> {
  const audience = await checkAudience(ctx, v.audience);
  const row = await ctx.db.transaction(async (tx) => {
    const file = upload ? await files.saveUpload(ctx, { purpose: 'notice', ownerId: p.user.id, bytes: upload.bytes, filename: upload.filename }, tx) : undefined;
    return repo.insertNotice(tx, {
      title: v.title,
      body: v.body,
      pinned: v.pinned,
      expiresOn: v.expiresOn,
      audienceRoles: audience.roles,
      departmentIds: audience.departmentIds,
      sectionIds: audience.sectionIds,
      createdBy: p.user.id,
      attachmentFileId: file?.id ?? null,
    });
  });
  await notifyAudience(ctx, p, row);
  return one(ctx, p, row);
}

/**
 * Tells a new notice's audience (issue 30): every active user it is addressed to except its author
 * gets a notification, mailed at once when the notice is pinned (else by their choice for notices).
 */
async function notifyAudience(ctx: AppContext, p: Principal, row: NoticeRow): Promise<void> {
  const roles = row.audienceRoles.length > 0 ? row.audienceRoles : [...ROLES];
  const candidates = new Set<string>();
  const students = new Set<string>();
  for (const role of roles) {
    for (const u of await users.activeUsersWithRole(ctx, role as (typeof ROLES)[number])) {
      candidates.add(u.id);
      if (role === 'Student') students.add(u.id);
    }
  }
  candidates.delete(p.user.id);
  let audience = [...candidates];
  if (row.departmentIds.length > 0 || row.sectionIds.length > 0) {
    const kept: string[] = [];
    for (const id of audience) {
      const a = await academics.affiliationOf(ctx, id);
      if (a.departmentIds.some((d) => row.departmentIds.includes(d)) || a.sectionIds.some((s) => row.sectionIds.includes(s))) kept.push(id);
    }
    audience = kept;
  }
  const content = { kind: 'notices' as const, title: MSG.reminderNoticeTitle(row.title), body: row.body.length > 280 ? `${row.body.slice(0, 277)}…` : row.body, dedupeKey: `notice:${row.id}` };
  // Students open their notices page; everyone else reads notices on their dashboard.
  await notifications.notify(
    ctx,
    audience.map((userId) => ({ ...content, userId, link: students.has(userId) ? '/dashboard/student/notices' : '/dashboard' })),
    undefined,
    row.pinned,
  );
}

/** PATCH /notices/{id}: the author or Admin/SuperAdmin (403 otherwise); an audience given replaces the stored one. */
export async function updateNotice(ctx: AppContext, p: Principal, id: string, v: UpdateNoticeInput): Promise<Notice> {
  await editable(ctx, p, id);
  const audience = v.audience ? await checkAudience(ctx, { roles: v.audience.roles ?? [], departmentIds: v.audience.departmentIds ?? [], sectionIds: v.audience.sectionIds ?? [] }) : undefined;
  const row = await repo.updateNotice(ctx.db, id, {
    ...(v.title !== undefined && { title: v.title }),
    ...(v.body !== undefined && { body: v.body }),
    ...(v.pinned !== undefined && { pinned: v.pinned }),
    ...(v.expiresOn !== undefined && { expiresOn: v.expiresOn }),
    ...(audience && { audienceRoles: audience.roles, departmentIds: audience.departmentIds, sectionIds: audience.sectionIds }),
  });
  if (!row) throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
  return one(ctx, p, row);
}

/** DELETE /notices/{id}: the author or Admin/SuperAdmin; its attachment goes too. */
export async function deleteNotice(ctx: AppContext, p: Principal, id: string): Promise<void> {
  await editable(ctx, p, id);
  const row = await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteNotice(tx, id);
    if (!gone) throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
    await audit.record(ctx, p, { action: 'record.deleted', target: { type: 'notice', id, label: gone.title } }, tx);
    return gone;
  });
  if (row.attachmentFileId) await files.removeFile(ctx, row.attachmentFileId);
}

// Notices other modules post (issue 25 item 3) -----------------------------------------------

/** How long a notice another module posts stays on readers' lists and bells. */
const POSTED_NOTICE_DAYS = 30;

/**
 * Posts a notice on behalf of another module (results published) to the students of these
 * sections, with `by` as its author, in the caller's transaction `tx`; it reaches readers exactly
 * as a notice from the board (list, unread count, bell) and expires after 30 days. Returns its id.
 */
export async function postToStudentsOf(ctx: AppContext, by: Principal, v: { title: string; body: string; sectionIds: string[] }, tx: Executor = ctx.db): Promise<string> {
  const row = await repo.insertNotice(tx, {
    title: v.title,
    body: v.body,
    pinned: false,
    expiresOn: addDays(today(ctx), POSTED_NOTICE_DAYS),
    audienceRoles: ['Student'],
    departmentIds: [],
    sectionIds: [...new Set(v.sectionIds)],
    createdBy: by.user.id,
    attachmentFileId: null,
  });
  return row.id;
}

/** Removes a notice `postToStudentsOf` posted (marks withdrawn), in `tx`; one already deleted on the board is no error. */
export async function withdrawPosted(ctx: AppContext, id: string, tx: Executor = ctx.db): Promise<void> {
  await repo.deleteNotice(tx, id);
}

/** POST /notices/{id}/read: marks a notice read (and the notification that announced it); 404 for one not meant for them (publishers may open any, as they list them all). */
export async function markRead(ctx: AppContext, p: Principal, id: string): Promise<void> {
  const row = isPublisher(p) ? await repo.findNotice(ctx.db, id) : await repo.findForReader(ctx.db, id, await readerOf(ctx, p));
  if (!row) throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
  await repo.markRead(ctx.db, id, p.user.id);
  await notifications.readByKey(ctx, p.user.id, `notice:${id}`);
}

/** PUT /notices/{id}/attachment: keeps the upload (checked by files: 413/415) as the notice's attachment, replacing any earlier one. */
export async function setAttachment(ctx: AppContext, p: Principal, id: string, upload: { bytes: Buffer; filename: string }): Promise<Notice> {
  const before = await editable(ctx, p, id);
  const saved = await files.saveUpload(ctx, { purpose: 'notice', ownerId: p.user.id, bytes: upload.bytes, filename: upload.filename });
  let row: NoticeRow | undefined;
  try {
    row = await repo.updateNotice(ctx.db, id, { attachmentFileId: saved.id });
  } catch (err) {
    await files.removeFile(ctx, saved.id);
    throw err;
  }
  if (!row) {
    await files.removeFile(ctx, saved.id);
    throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
  }
  if (before.attachmentFileId) await files.removeFile(ctx, before.attachmentFileId);
  return one(ctx, p, row);
}

/** DELETE /notices/{id}/attachment. */
export async function removeAttachment(ctx: AppContext, p: Principal, id: string): Promise<Notice> {
  const before = await editable(ctx, p, id);
  const row = await repo.updateNotice(ctx.db, id, { attachmentFileId: null });
  if (!row) throw notFound(MSG.noticeNotFound, 'NOTICE_NOT_FOUND');
  if (before.attachmentFileId) await files.removeFile(ctx, before.attachmentFileId);
  return one(ctx, p, row);
}

/** Notices still shown whose last day falls within `days` days from today, today included (the Staff dashboard's Open Tasks). */
export async function expiringNoticeCount(ctx: AppContext, days: number): Promise<number> {
  const from = today(ctx);
  return repo.countExpiringBetween(ctx.db, from, addDays(from, days - 1));
}

export { seedDemoNotices } from './notices.seed.ts';

import type { Role } from '@crs/shared/roles';
import type { FileRef } from '@crs/shared/schemas/files';
import type { Notice } from '@crs/shared/schemas/notices';
import { renderMarkdown } from '../../lib/markdown.ts';
import type { NoticeRow } from './notices.repository.ts';

// A notice's one answer shape. The body goes out as its Markdown source and as HTML rendered with
// raw HTML off (lib/markdown.ts), which the client inserts as is.

export type NoticeLookups = {
  departments: Map<string, { id: string; code: string; name: string }>;
  sections: Map<string, { id: string; name: string }>;
  authors: Map<string, { name: string }>;
  attachments: Map<string, FileRef>;
  today: string;
};

export function presentNotice(row: NoticeRow, l: NoticeLookups, caller: { unread: boolean; editable: boolean }): Notice {
  return {
    _id: row.id,
    title: row.title,
    body: row.body,
    bodyHtml: renderMarkdown(row.body),
    pinned: row.pinned,
    expiresOn: row.expiresOn,
    expired: row.expiresOn !== null && row.expiresOn < l.today,
    audience: {
      roles: row.audienceRoles as Role[],
      departments: row.departmentIds.flatMap((id) => {
        const d = l.departments.get(id);
        return d ? [{ _id: d.id, code: d.code, name: d.name }] : [];
      }),
      sections: row.sectionIds.flatMap((id) => {
        const s = l.sections.get(id);
        return s ? [{ _id: s.id, name: s.name }] : [];
      }),
    },
    attachment: row.attachmentFileId ? (l.attachments.get(row.attachmentFileId) ?? null) : null,
    author: (row.createdBy && l.authors.get(row.createdBy)?.name) || 'CRS',
    editable: caller.editable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unread: caller.unread,
  };
}

/**
 * Notices (issue 13). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const NOTICES_MSG = {
  noticeTitleRequired: 'Title is required',
  noticeTitleTooLong: 'Title too long',
  noticeBodyRequired: 'Notice text is required',
  noticeBodyTooLong: 'Notice text too long',
  noticeExpiryInvalid: 'Expiry must be a valid date and time',
  noticeAudienceRole: 'Audience roles must be Student, Teacher, Staff, Admin, SuperAdmin or Librarian',
  noticeAudienceTooMany: 'Too many audience entries',
  noticeNotFound: 'Notice not found',
  noticeCreated: 'Notice published',
  noticeUpdated: 'Notice updated',
  noticeDeleted: 'Notice deleted',
  noticeRead: 'Marked as read',
  noticeAttachmentSaved: 'Attachment saved',
  noticeAttachmentRemoved: 'Attachment removed',
  noticeDepartmentUnknown: 'One of the departments does not exist',
  noticeSectionUnknown: 'One of the sections does not exist',
  noticesLoadFailed: 'Failed to load notices',
  noNotices: 'No notices right now.',
} as const;

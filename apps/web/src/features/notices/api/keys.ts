/** Query keys of the notices feature; every write invalidates `noticeKeys.all`. */
export const noticeKeys = {
  all: ['notices'] as const,
  mine: ['notices', 'mine'] as const,
  manage: ['notices', 'manage'] as const,
  audiences: ['notices', 'audiences'] as const,
};

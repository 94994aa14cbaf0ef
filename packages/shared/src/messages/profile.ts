/**
 * The profile: picture and achievements (issue 12). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const PROFILE_MSG = {
  avatarTooLarge: 'The picture is too large: at most 2 MiB',
  avatarUpdated: 'Profile picture updated',
  avatarRemoved: 'Profile picture removed',
  profileUpdatedToast: 'Profile updated successfully', // spec (toast)
  profileUpdateFailed: 'Failed to update profile', // spec (toast)
  achievementTitleRequired: 'Title is required', // spec (same text as the material form)
  achievementTitleTooLong: 'Title too long',
  achievementYear: (max: number) => `Enter a year between 1950 and ${max}`,
  achievementDescriptionTooLong: 'Description too long',
  achievementNotFound: 'Achievement not found',
  achievementSaved: 'Achievement saved',
  achievementDeleted: 'Achievement deleted',
  tooManyAchievements: 'At most 100 achievements',
} as const;

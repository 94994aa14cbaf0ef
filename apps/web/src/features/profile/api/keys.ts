/** Query keys of the profile feature. */
export const profileKeys = {
  achievements: ['profile', 'achievements'] as const,
};

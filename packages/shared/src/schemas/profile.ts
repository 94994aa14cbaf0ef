import { z } from 'zod';
import { MSG } from '../messages.ts';
import { userSchema } from './auth.ts';

export const ACHIEVEMENT_TITLE_MAX = 200;
export const ACHIEVEMENT_DESCRIPTION_MAX = 1000;
export const ACHIEVEMENTS_MAX = 100;
export const ACHIEVEMENT_YEAR_MIN = 1950;
/** Achievements are dated up to next year (an award announced for the coming year). */
export const achievementYearMax = () => new Date().getFullYear() + 1;

/** An achievement of the profile (teacher's awards, publications, certifications). */
export const achievementInput = z.strictObject({
  title: z.string().trim().min(1, MSG.achievementTitleRequired).max(ACHIEVEMENT_TITLE_MAX, MSG.achievementTitleTooLong),
  year: z
    .number({ error: MSG.achievementYear(achievementYearMax()) })
    .int(MSG.achievementYear(achievementYearMax()))
    .refine((y) => y >= ACHIEVEMENT_YEAR_MIN && y <= achievementYearMax(), { error: () => MSG.achievementYear(achievementYearMax()) }),
  description: z.string().trim().max(ACHIEVEMENT_DESCRIPTION_MAX, MSG.achievementDescriptionTooLong).optional(),
});
export type AchievementInput = z.infer<typeof achievementInput>;

export const achievementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  year: z.number().int(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type Achievement = z.infer<typeof achievementSchema>;

/** GET /auth/users/me/achievements: newest year first. */
export const achievementsResponse = z.object({ achievements: z.array(achievementSchema) });
export const achievementResponse = z.object({ message: z.string(), achievement: achievementSchema });

/** PUT/DELETE /auth/users/me/avatar: the updated user (its `avatar` the new address or null). */
export const avatarResponse = z.object({ message: z.string(), user: userSchema });

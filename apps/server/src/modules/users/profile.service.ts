import { MSG } from '@crs/shared/messages';
import type { User } from '@crs/shared/schemas/auth';
import { ACHIEVEMENTS_MAX } from '@crs/shared/schemas/profile';
import type { Achievement, AchievementInput } from '@crs/shared/schemas/profile';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as achievementsRepo from './achievements.repository.ts';
import { presentAchievement, presentUser } from './users.presenter.ts';
import * as repo from './users.repository.ts';
import { userCache } from './users.unique.ts';

// A user's own profile extras under /auth/users/me (profile.routes.ts): the picture and the
// teacher's achievements. Name, email and bio go through users.service `updateProfile`, which
// auth's PATCH /auth/users/me calls too.

/** Sets the address of the profile picture (null: none, the initials show). */
export async function setAvatar(ctx: AppContext, id: string, avatar: string | null): Promise<User> {
  const user = await repo.updateUser(ctx.db, id, { avatar });
  if (!user) throw notFound(MSG.userNotFound, 'USER_NOT_FOUND');
  await userCache(ctx).invalidate(id);
  return presentUser(user);
}

// Achievements: each user keeps their own list (the teacher's profile page).

/** The user's achievements, newest first as stored. */
export const listAchievements = async (ctx: AppContext, userId: string): Promise<Achievement[]> =>
  (await achievementsRepo.listAchievements(ctx.db, userId)).map(presentAchievement);

const achievementFields = (input: AchievementInput) => ({ title: input.title, year: input.year, description: input.description || null });

/** Adds one; never more than ACHIEVEMENTS_MAX per user (409), even under parallel requests. */
export async function addAchievement(ctx: AppContext, userId: string, input: AchievementInput): Promise<Achievement> {
  return ctx.db.transaction(async (tx) => {
    // One user's additions are serialised on their row, so the cap holds under races.
    await repo.lockUser(tx, userId);
    if ((await achievementsRepo.countAchievements(tx, userId)) >= ACHIEVEMENTS_MAX) throw conflict(MSG.tooManyAchievements, 'TOO_MANY_ACHIEVEMENTS');
    return presentAchievement(await achievementsRepo.insertAchievement(tx, userId, achievementFields(input)));
  });
}

/** Changes one of the user's own (another's is a 404). */
export async function updateAchievement(ctx: AppContext, userId: string, id: string, input: AchievementInput): Promise<Achievement> {
  const row = await achievementsRepo.updateAchievement(ctx.db, userId, id, achievementFields(input));
  if (!row) throw notFound(MSG.achievementNotFound, 'ACHIEVEMENT_NOT_FOUND');
  return presentAchievement(row);
}

/** Deletes one of the user's own (another's is a 404). */
export async function deleteAchievement(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!(await achievementsRepo.deleteAchievement(ctx.db, userId, id))) throw notFound(MSG.achievementNotFound, 'ACHIEVEMENT_NOT_FOUND');
}

import type { User } from '@crs/shared/schemas/auth';

export type TokenPair = { token: string; refreshToken: string };

/**
 * A signed-in answer: the access token, the refresh token under both names the spec uses
 * (`refresh` and `refreshToken`), and the user.
 */
export const presentSignIn = (tokens: TokenPair, user: User) => ({
  token: tokens.token,
  refresh: tokens.refreshToken,
  refreshToken: tokens.refreshToken,
  user,
});

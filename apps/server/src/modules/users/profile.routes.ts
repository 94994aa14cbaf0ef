import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { errorSchema, idParamsWith, messageSchema } from '@crs/shared/schemas/common';
import { FILE_RULES } from '@crs/shared/schemas/files';
import { achievementInput, achievementResponse, achievementsResponse, avatarResponse } from '@crs/shared/schemas/profile';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import { acceptUploads, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as profile from './profile.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['profile'];
const achievementParams = idParamsWith(MSG.achievementNotFound);

/**
 * The signed-in user's own profile beyond name, email and bio (PATCH /auth/users/me): the picture
 * and the achievements (issue 12, the teacher's 'Edit Profile and Achievements'). Mounted under
 * /auth/users/me; every route acts on the caller only.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.avatar.maxBytes, 0);
    uploads.put('/avatar', {
      config: { access: anyUser },
      schema: {
        tags,
        summary: 'Set the profile picture (multipart "file": PNG, JPEG, WebP or GIF, at most 2 MiB, type checked from the bytes)',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req) => {
        const me = principalOf(req).user.id;
        const { file } = await readUploadForm(req, FILE_RULES.avatar.maxBytes);
        if (!file) throw new AppError(400, 'FILE_REQUIRED', MSG.fileRequired);
        if (file.tooLarge) throw files.fileTooLarge('avatar');
        const saved = await files.saveUpload(ctx, { purpose: 'avatar', ownerId: me, bytes: file.bytes, filename: file.filename });
        let user;
        try {
          user = await profile.setAvatar(ctx, me, files.fileUrl(saved.id));
        } catch (err) {
          await files.removeFile(ctx, saved.id);
          throw err;
        }
        await files.removeOwnerFiles(ctx, me, 'avatar', saved.id);
        return { message: MSG.avatarUpdated, user };
      },
    });
  });

  app.delete('/avatar', {
    config: { access: anyUser },
    schema: { tags, summary: 'Remove the profile picture (the initials show again)', response: { 200: avatarResponse, ...errors } },
    handler: async (req) => {
      const me = principalOf(req).user.id;
      const user = await profile.setAvatar(ctx, me, null);
      await files.removeOwnerFiles(ctx, me, 'avatar');
      return { message: MSG.avatarRemoved, user };
    },
  });

  app.get('/achievements', {
    config: { access: anyUser },
    schema: { tags, summary: 'The caller’s achievements, newest year first', response: { 200: achievementsResponse, 401: errorSchema } },
    handler: async (req) => ({ achievements: await profile.listAchievements(ctx, principalOf(req).user.id) }),
  });

  app.post('/achievements', {
    config: { access: anyUser },
    schema: { tags, summary: 'Add an achievement (title, year, description)', body: achievementInput, response: { 201: achievementResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.achievementSaved, achievement: await profile.addAchievement(ctx, principalOf(req).user.id, req.body) }),
  });

  app.patch('/achievements/:id', {
    config: { access: anyUser },
    schema: { tags, summary: 'Change one of the caller’s achievements', params: achievementParams, body: achievementInput, response: { 200: achievementResponse, ...errors } },
    handler: async (req) => ({ message: MSG.achievementSaved, achievement: await profile.updateAchievement(ctx, principalOf(req).user.id, req.params.id, req.body) }),
  });

  app.delete('/achievements/:id', {
    config: { access: anyUser },
    schema: { tags, summary: 'Delete one of the caller’s achievements', params: achievementParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await profile.deleteAchievement(ctx, principalOf(req).user.id, req.params.id);
      return { message: MSG.achievementDeleted };
    },
  });
};

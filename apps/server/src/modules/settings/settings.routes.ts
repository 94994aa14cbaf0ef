import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { SUPERADMIN_ONLY } from '@crs/shared/roles';
import { errorSchema } from '@crs/shared/schemas/common';
import { FILE_RULES } from '@crs/shared/schemas/files';
import { publicSettingsSchema, settingsPatchSchema, settingsResponse, settingsSavedResponse, testMailResponse, testMailSchema } from '@crs/shared/schemas/settings';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import { acceptUploads, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as settings from './settings.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['settings'];
const superAdmin = { access: { roles: SUPERADMIN_ONLY } };

/** The institution's settings (issue 14 item 3, decision 0033): SuperAdmin reads and changes; anyone reads the public part. */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/public', {
    config: { access: 'public' },
    schema: { tags, summary: 'What every page may show: institution name, short name, logo and academic year', response: { 200: publicSettingsSchema } },
    handler: async () => settings.getPublicSettings(ctx),
  });

  app.get('/', {
    config: superAdmin,
    schema: { tags, summary: 'Every setting (SuperAdmin)', response: { 200: settingsResponse, ...errors } },
    handler: async () => ({ settings: await settings.getSettings(ctx) }),
  });

  app.patch('/', {
    config: superAdmin,
    schema: {
      tags,
      summary: 'Change any settings (SuperAdmin): applied at once in every server process, audited with the before and after',
      body: settingsPatchSchema,
      response: { 200: settingsSavedResponse, ...errors },
    },
    handler: async (req) => ({ message: MSG.settingsSaved, settings: await settings.updateSettings(ctx, principalOf(req), req.body) }),
  });

  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.logo.maxBytes, 0);
    uploads.put('/logo', {
      config: superAdmin,
      schema: {
        tags,
        summary: 'Set the logo (multipart "file": PNG or JPEG, at most 1 MiB, type checked from the bytes)',
        consumes: ['multipart/form-data'],
        response: { 200: settingsSavedResponse, ...errors, 413: errorSchema, 415: errorSchema },
      },
      handler: async (req) => {
        const { file } = await readUploadForm(req, FILE_RULES.logo.maxBytes);
        if (!file) throw new AppError(400, 'FILE_REQUIRED', MSG.fileRequired);
        if (file.tooLarge) throw files.fileTooLarge('logo');
        return { message: MSG.settingsLogoSaved, settings: await settings.setLogo(ctx, principalOf(req), file) };
      },
    });
  });

  app.delete('/logo', {
    config: superAdmin,
    schema: { tags, summary: 'Remove the logo (SuperAdmin)', response: { 200: settingsSavedResponse, ...errors, 409: errorSchema } },
    handler: async (req) => ({ message: MSG.settingsLogoRemoved, settings: await settings.removeLogo(ctx, principalOf(req)) }),
  });

  app.post('/test-mail', {
    config: superAdmin,
    schema: {
      tags,
      summary: "Send a test mail over the configured SMTP server now, to the caller's address or `to` (409 without SMTP, 502 with the server's error)",
      body: testMailSchema,
      response: { 200: testMailResponse, ...errors, 409: errorSchema, 502: errorSchema },
    },
    handler: async (req) => {
      const to = await settings.sendTestMail(ctx, principalOf(req), req.body?.to);
      return { message: MSG.testMailSent(to), to };
    },
  });
};

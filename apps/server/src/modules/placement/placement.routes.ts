import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { PLACEMENT_CELL, STUDENT_ONLY } from '@crs/shared/roles';
import { errorSchema, idParamsWith } from '@crs/shared/schemas/common';
import { FILE_RULES } from '@crs/shared/schemas/files';
import {
  applicantResponse,
  applicantsResponse,
  applicationStatusBody,
  applyResponse,
  createJobSchema,
  eligibilityResponse,
  exportQuery,
  jobResponse,
  jobsResponse,
  myApplicationsResponse,
  placementDepartmentsResponse,
  updateJobSchema,
  withdrawResponse,
} from '@crs/shared/schemas/placement';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { acceptUploads, readUploadForm } from '../../plugins/upload.ts';
import * as files from '../files/files.service.ts';
import * as placement from './placement.service.ts';

const cell = { roles: PLACEMENT_CELL };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['placement'];
const jobParams = idParamsWith(MSG.jobNotFound);
const fileAnswer = z.any().describe('the file');

/** Placement: the cell posts jobs and manages applicants; students apply to the jobs they are eligible for. */
export const placementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  files.allowReaders('resume', placement.mayReadResume);

  app.get('/jobs', {
    config: { access: { roles: [...PLACEMENT_CELL, ...STUDENT_ONLY] } },
    schema: { tags, summary: 'The cell: every job with applicant counts. A student: open jobs they are eligible for today, with their application', response: { 200: jobsResponse, ...errors } },
    handler: async (req) => placement.listJobs(ctx, principalOf(req)),
  });
  app.get('/departments', {
    config: { access: cell },
    schema: { tags, summary: "The departments a job's eligibility can name", response: { 200: placementDepartmentsResponse, ...errors } },
    handler: async () => placement.departments(ctx),
  });
  app.post('/jobs', {
    config: { access: cell },
    schema: { tags, summary: 'Post a job', body: createJobSchema, response: { 201: jobResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.jobCreated, job: await placement.createJob(ctx, principalOf(req), req.body) }),
  });
  app.patch('/jobs/:id', {
    config: { access: cell },
    schema: { tags, summary: 'Edit a job (e.g. close it)', params: jobParams, body: updateJobSchema, response: { 200: jobResponse, ...errors } },
    handler: async (req) => ({ message: MSG.jobUpdated, job: await placement.updateJob(ctx, req.params.id, req.body) }),
  });
  app.get('/jobs/:id/eligibility', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: {
      tags,
      summary: "The job's criteria (open and before its deadline, departments, minimum CGPA) beside the caller's values, judged as applying judges them",
      params: jobParams,
      response: { 200: eligibilityResponse, ...errors },
    },
    handler: async (req) => ({ eligibility: await placement.eligibility(ctx, principalOf(req), req.params.id) }),
  });
  app.post('/applications/:id/withdraw', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: {
      tags,
      summary: "Withdraw one's application until the job's last day (409 after it, or once selected or rejected)",
      params: idParamsWith(MSG.applicationNotFound),
      response: { 200: withdrawResponse, ...errors, 409: errorSchema },
    },
    handler: async (req) => ({ message: MSG.applicationWithdrawn, application: await placement.withdraw(ctx, principalOf(req), req.params.id) }),
  });
  app.get('/applications/me', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags, summary: "The caller's applications and their status, newest first", response: { 200: myApplicationsResponse, ...errors } },
    handler: async (req) => placement.myApplications(ctx, principalOf(req)),
  });
  app.get('/jobs/:id/applications', {
    config: { access: cell },
    schema: { tags, summary: "A job's applicants, first applied first", params: jobParams, response: { 200: applicantsResponse, ...errors } },
    handler: async (req) => placement.jobApplications(ctx, req.params.id),
  });
  app.get('/jobs/:id/applications/export', {
    config: { access: cell },
    schema: { tags, summary: "A job's applicants as .xlsx or CSV", params: jobParams, querystring: exportQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const file = await placement.exportApplications(ctx, req.params.id, req.query.format);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-content-type-options', 'nosniff').send(file.body);
    },
  });
  app.patch('/applications/:id', {
    config: { access: cell },
    schema: { tags, summary: "Set an application's status (applied, shortlisted, selected, rejected)", params: idParamsWith(MSG.applicationNotFound), body: applicationStatusBody, response: { 200: applicantResponse, ...errors } },
    handler: async (req) => ({ message: MSG.applicationUpdated, application: await placement.setStatus(ctx, principalOf(req), req.params.id, req.body.status) }),
  });
  await app.register(async (uploads) => {
    await acceptUploads(uploads, FILE_RULES.resume.maxBytes, 2);
    uploads.withTypeProvider<ZodTypeProvider>().post('/jobs/:id/apply', {
      config: { access: { roles: STUDENT_ONLY } },
      schema: {
        tags,
        summary: 'Apply once to an open job before its deadline (department and CGPA checked here); optionally multipart with one file, a résumé (PDF by content, ≤ 2 MiB)',
        params: jobParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: applyResponse, ...errors, 409: errorSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
      },
      handler: async (req, reply) => {
        // Without a form (no body, or JSON) the application goes without a résumé; a form's empty file field is no résumé either.
        const form = req.isMultipart() ? await readUploadForm(req, FILE_RULES.resume.maxBytes) : undefined;
        const file = form?.file && (form.file.tooLarge || form.file.bytes.length > 0) ? form.file : undefined;
        return reply.code(201).send({ message: MSG.jobApplied, application: await placement.apply(ctx, principalOf(req), req.params.id, file) });
      },
    });
  });
};

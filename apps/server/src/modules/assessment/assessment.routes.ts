import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { ATTENDANCE_READERS, STUDENT_ONLY, TEACHER_AREA } from '@crs/shared/roles';
import { createExamSchema, examResponse, examsResponse, marksGridSchema, marksTemplateQuery, publishExamSchema, resultsResponse, saveMarksSchema, studentResultsParams, upcomingExamsResponse, updateExamSchema } from '@crs/shared/schemas/assessment';
import { z } from 'zod';
import { errorSchema, idParamsWith, messageSchema } from '@crs/shared/schemas/common';
import { importErrorSchema, importQuery, importResultSchema } from '@crs/shared/schemas/import';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { byteLimit, detectKind, fileTooLarge, IMPORT_MAX_BYTES } from '../../lib/import/file.ts';
import { principalOf } from '../../plugins/access.ts';
import { acceptUploads, readUploadForm } from '../../plugins/upload.ts';
import * as assessment from './assessment.service.ts';

const access = { roles: TEACHER_AREA };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['assessment'];
const examParams = idParamsWith(MSG.examNotFound);
const fileAnswer = z.any().describe('the file');

/**
 * Exams and marks, mounted at the spec's `/assesment` and at `/assessment`. A Teacher acts on the
 * classes they teach, Admin/SuperAdmin on all (the service checks ownership).
 */
export const assessmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/exams', {
    config: { access },
    schema: { tags, summary: "The caller's exams (Admin: all), newest first", response: { 200: examsResponse, ...errors } },
    handler: async (req) => assessment.listExams(ctx, principalOf(req)),
  });
  app.get('/exams/upcoming', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags, summary: "The student's exams from today on", response: { 200: upcomingExamsResponse, ...errors } },
    handler: async (req) => assessment.upcomingExams(ctx, principalOf(req)),
  });
  app.get('/students/:id/upcoming', {
    config: { access: { roles: ATTENDANCE_READERS } },
    schema: { tags, summary: "A student's exams from today on (id or student ID; a Student only their own, Teacher/Admin/SuperAdmin any: the ID-card rule)", params: studentResultsParams, response: { 200: upcomingExamsResponse, ...errors } },
    handler: async (req) => assessment.studentUpcomingExams(ctx, principalOf(req), req.params.id),
  });
  app.post('/exams', {
    config: { access },
    schema: { tags, summary: 'Create an exam for a class the caller teaches', body: createExamSchema, response: { 201: examResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.examCreated, exam: await assessment.createExam(ctx, principalOf(req), req.body) }),
  });
  app.patch('/exams/:id', {
    config: { access },
    schema: { tags, summary: 'Change an exam (a maximum below entered marks: 409)', params: examParams, body: updateExamSchema, response: { 200: examResponse, ...errors } },
    handler: async (req) => ({ message: MSG.examUpdated, exam: await assessment.updateExam(ctx, principalOf(req), req.params.id, req.body) }),
  });
  app.delete('/exams/:id', {
    config: { access },
    schema: { tags, summary: 'Delete an exam and its marks', params: examParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await assessment.deleteExam(ctx, principalOf(req), req.params.id);
      return { message: MSG.examDeleted };
    },
  });
  app.post('/exams/:id/publish', {
    config: { access },
    schema: { tags, summary: 'Publish the marks to students (body {published:false} withdraws them)', params: examParams, body: publishExamSchema, response: { 200: examResponse, ...errors } },
    handler: async (req) => {
      const published = req.body?.published ?? true;
      return { message: published ? MSG.examPublished : MSG.examUnpublished, exam: await assessment.publishExam(ctx, principalOf(req), req.params.id, published) };
    },
  });
  app.get('/exams/:id/marks', {
    config: { access },
    schema: { tags, summary: "The exam's section roster with marks", params: examParams, response: { 200: marksGridSchema, ...errors } },
    handler: async (req) => assessment.marksGrid(ctx, principalOf(req), req.params.id),
  });
  app.get('/exams/:id/template', {
    config: { access },
    schema: {
      tags,
      summary: "The exam's marks file to fill in: its students (Student ID, Name) with empty Marks and Remarks, as CSV (default) or .xlsx; it uploads back as it is",
      params: examParams,
      querystring: marksTemplateQuery,
      response: { 200: fileAnswer, ...errors },
    },
    handler: async (req, reply) => {
      const file = await assessment.marksTemplate(ctx, principalOf(req), req.params.id, req.query.format);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-content-type-options', 'nosniff').send(file.body);
    },
  });
  app.put('/exams/:id/marks', {
    config: { access },
    schema: { tags, summary: "Save the listed students' marks (others keep theirs)", params: examParams, body: saveMarksSchema, response: { 200: marksGridSchema, ...errors } },
    handler: async (req) => assessment.saveMarks(ctx, principalOf(req), req.params.id, req.body.marks),
  });

  await app.register(async (uploads) => {
    await acceptUploads(uploads, IMPORT_MAX_BYTES, 5);
    uploads.withTypeProvider<ZodTypeProvider>().post('/marks', {
      config: { access },
      schema: {
        tags,
        summary: 'Upload an exam\'s marks (multipart "examId" and "csv": CSV, .xlsx or .xls; Student ID/Roll No, Marks, Remarks; AB = absent); ?dryRun=true previews; all-or-nothing; replaces the exam\'s marks',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: importResultSchema, ...errors, 413: errorSchema, 415: errorSchema, 422: importErrorSchema },
      },
      handler: async (req, reply) => {
        const { file, fields } = await readUploadForm(req, IMPORT_MAX_BYTES);
        const examId = (fields.examId ?? '').trim();
        if (!examId) throw badRequest(MSG.examRequired, 'EXAM_REQUIRED');
        if (file?.tooLarge) throw fileTooLarge();
        if (!file || file.bytes.length === 0) throw new AppError(400, 'FILE_REQUIRED', MSG.csvRequired);
        const kind = detectKind(file.bytes);
        if (file.bytes.length > byteLimit(kind)) throw fileTooLarge();
        const outcome = await assessment.uploadMarks(ctx, principalOf(req), examId, { bytes: file.bytes, kind, filename: file.filename }, req.query.dryRun);
        return reply.code(outcome.status).send(outcome.body);
      },
    });
  });
};

/** Results: the caller's own (Student), a student's (themself, their teachers, managers). */
export const resultsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/me', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags: ['results'], summary: "The caller's results over published exams: per subject, SGPA per semester, CGPA", response: { 200: resultsResponse, ...errors } },
    handler: async (req) => assessment.myResults(ctx, principalOf(req)),
  });
  app.get('/students/:id', {
    config: { access: { roles: ATTENDANCE_READERS } },
    schema: { tags: ['results'], summary: "A student's results (id or student ID; a Student only their own; a Teacher only students they teach)", params: studentResultsParams, response: { 200: resultsResponse, ...errors } },
    handler: async (req) => assessment.studentResults(ctx, principalOf(req), req.params.id),
  });
};

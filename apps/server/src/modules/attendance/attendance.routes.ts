import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTENDANCE_READERS, ATTENDANCE_TAKERS, STUDENT_ONLY, TEACHER_AREA } from '@crs/shared/roles';
import { attendanceSummaryQuery, attendanceSummaryResponse, dayClassesQuery, dayClassesResponse, mySubjectAttendanceParams, registerQuery, saveSessionResponse, saveSessionSchema, sessionQuery, sessionResponse, studentAttendanceParams, studentAttendanceResponse, studentSubjectAttendanceParams, subjectAttendanceDetailResponse } from '@crs/shared/schemas/attendance';
import { errorSchema } from '@crs/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import * as attendance from './attendance.service.ts';

const takers = { roles: ATTENDANCE_TAKERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['attendance'];
const fileAnswer = z.any().describe('the file');

/** Attendance: summary, the day's classes, sessions (read/save), a student's own, the register. */
export const attendanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/summary', {
    config: { access: { roles: TEACHER_AREA } },
    schema: { tags, summary: "Attendance by class over the caller's teaching assignments (managers: all)", querystring: attendanceSummaryQuery, response: { 200: attendanceSummaryResponse, ...errors } },
    handler: async (req) => attendance.summary(ctx, principalOf(req), req.query.teacherId),
  });
  app.get('/classes', {
    config: { access: takers },
    schema: { tags, summary: "The caller's classes on a date (default today), with saved sessions", querystring: dayClassesQuery, response: { 200: dayClassesResponse, ...errors } },
    handler: async (req) => attendance.classesOn(ctx, principalOf(req), req.query.date),
  });
  app.get('/today', {
    config: { access: takers },
    schema: { tags, summary: "The caller's own classes today, the whole day: done (attendance taken or not), now, next, later", response: { 200: dayClassesResponse, ...errors } },
    handler: async (req) => attendance.myDay(ctx, principalOf(req)),
  });
  app.get('/sessions', {
    config: { access: takers },
    schema: { tags, summary: "A class's roster on a date with any saved statuses", querystring: sessionQuery, response: { 200: sessionResponse, ...errors } },
    handler: async (req) => attendance.getSession(ctx, principalOf(req), req.query),
  });
  app.put('/sessions', {
    config: { access: takers },
    schema: { tags, summary: 'Save (create or update) the session of an assignment, date and start', body: saveSessionSchema, response: { 200: saveSessionResponse, ...errors } },
    handler: async (req) => attendance.saveSession(ctx, principalOf(req), req.body),
  });
  app.get('/me', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags, summary: "The caller's attendance overall and per subject", response: { 200: studentAttendanceResponse, ...errors } },
    handler: async (req) => attendance.myAttendance(ctx, principalOf(req)),
  });
  app.get('/me/subjects/:assignmentId', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags, summary: "The caller's attendance in one course with every session (date, time, status)", params: mySubjectAttendanceParams, response: { 200: subjectAttendanceDetailResponse, ...errors } },
    handler: async (req) => attendance.mySubjectAttendance(ctx, principalOf(req), req.params.assignmentId),
  });
  app.get('/students/:id/subjects/:assignmentId', {
    config: { access: { roles: ATTENDANCE_READERS } },
    schema: { tags, summary: "A student's attendance in one course with every session (themself, their teachers, managers)", params: studentSubjectAttendanceParams, response: { 200: subjectAttendanceDetailResponse, ...errors } },
    handler: async (req) => attendance.studentSubjectAttendance(ctx, principalOf(req), req.params.id, req.params.assignmentId),
  });
  app.get('/students/:id', {
    config: { access: { roles: ATTENDANCE_READERS } },
    schema: { tags, summary: "A student's attendance by id or student ID (themself, their teachers, managers)", params: studentAttendanceParams, response: { 200: studentAttendanceResponse, ...errors } },
    handler: async (req) => attendance.studentAttendance(ctx, principalOf(req), req.params.id),
  });
  app.get('/register', {
    config: { access: takers },
    schema: { tags, summary: "A class's register as .xlsx or CSV", querystring: registerQuery, response: { 200: fileAnswer, ...errors } },
    handler: async (req, reply) => {
      const file = await attendance.register(ctx, principalOf(req), req.query);
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.filename}"`).header('x-content-type-options', 'nosniff').send(file.body);
    },
  });
};

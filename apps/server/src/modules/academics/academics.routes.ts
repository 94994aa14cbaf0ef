import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { ACADEMIC_MANAGERS, ANY_SIGNED_IN, STUDENT_ONLY, TEACHER_AREA } from '@crs/shared/roles';
import { assignmentIdParams, assignmentListResponse, assignmentResponse, createAssignmentSchema, createDepartmentSchema, createSectionSchema, createSlotSchema, createSubjectSchema, departmentIdParams, departmentListResponse, departmentResponse, enrolStudentsResponse, enrolStudentsSchema, listAssignmentsQuery, listSectionsQuery, listSlotsQuery, listSubjectsQuery, myCoursesResponse, mySubjectsResponse, myTimetableResponse, sectionIdParams, sectionListResponse, sectionResponse, sectionStudentParams, sectionStudentsResponse, slotIdParams, slotListResponse, slotResponse, subjectIdParams, subjectListResponse, subjectResponse, upcomingClassesResponse, updateAssignmentSchema, updateDepartmentSchema, updateSectionSchema, updateSlotSchema, updateSubjectSchema } from '@crs/shared/schemas/academics';
import { errorSchema, messageSchema, studentRefParams } from '@crs/shared/schemas/common';
import { rolloverQuery, rolloverResponse, rolloverRunParams, rolloverSchema } from '@crs/shared/schemas/rollover';
import type { AppContext } from '../../context.ts';
import { principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import * as own from './academics.own.ts';
import * as rollover from './academics.rollover.ts';
import * as academics from './academics.service.ts';

const managers = { roles: ACADEMIC_MANAGERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['academics'];

/** The academic structure under /academics (Admin/SuperAdmin manage it; reads for the caller's own week). */
export const academicsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The semester rollover (issue 27 item 4, decision 0045)
  app.post('/rollover', {
    config: { access: managers },
    schema: {
      tags,
      summary: 'Close a term: ?dryRun=true previews (nothing written); without it, promotes, holds back and graduates in one transaction (a term already rolled over answers its record)',
      querystring: rolloverQuery,
      body: rolloverSchema,
      response: { 200: rolloverResponse, ...errors },
    },
    handler: async (req) => (req.query.dryRun ? rollover.preview(ctx, req.body) : rollover.run(ctx, principalOf(req), req.body)),
  });
  app.get('/rollover/:runId', {
    config: { access: managers },
    schema: { tags, summary: 'A recorded rollover and its summary', params: rolloverRunParams, response: { 200: rolloverResponse, ...errors } },
    handler: async (req) => rollover.getRun(ctx, req.params.runId),
  });

  // Departments
  app.get('/departments', {
    config: { access: managers },
    schema: { tags, summary: 'Every department', response: { 200: departmentListResponse, ...errors } },
    handler: async () => academics.listDepartments(ctx),
  });
  app.post('/departments', {
    config: { access: managers },
    schema: { tags, summary: 'Create a department', body: createDepartmentSchema, response: { 201: departmentResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.departmentCreated, department: await academics.createDepartment(ctx, req.body) }),
  });
  app.patch('/departments/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Change a department', params: departmentIdParams, body: updateDepartmentSchema, response: { 200: departmentResponse, ...errors } },
    handler: async (req) => ({ message: MSG.departmentUpdated, department: await academics.updateDepartment(ctx, req.params.id, req.body) }),
  });
  app.delete('/departments/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a department without subjects or sections', params: departmentIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.deleteDepartment(ctx, principalOf(req), req.params.id);
      return { message: MSG.departmentDeleted };
    },
  });
  await app.register(importRoute, { url: '/departments/import', access: managers, tags, what: 'departments', run: (_p, upload, dryRun) => academics.importDepartments(ctx, upload, dryRun) });

  // Subjects
  app.get('/subjects', {
    config: { access: managers },
    schema: { tags, summary: 'Subjects by code', querystring: listSubjectsQuery, response: { 200: subjectListResponse, ...errors } },
    handler: async (req) => academics.listSubjects(ctx, req.query),
  });
  app.post('/subjects', {
    config: { access: managers },
    schema: { tags, summary: 'Create a subject', body: createSubjectSchema, response: { 201: subjectResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.subjectCreated, subject: await academics.createSubject(ctx, req.body) }),
  });
  app.patch('/subjects/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Change a subject', params: subjectIdParams, body: updateSubjectSchema, response: { 200: subjectResponse, ...errors } },
    handler: async (req) => ({ message: MSG.subjectUpdated, subject: await academics.updateSubject(ctx, req.params.id, req.body) }),
  });
  app.delete('/subjects/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a subject no section is taught', params: subjectIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.deleteSubject(ctx, principalOf(req), req.params.id);
      return { message: MSG.subjectDeleted };
    },
  });
  await app.register(importRoute, { url: '/subjects/import', access: managers, tags, what: 'subjects', run: (_p, upload, dryRun) => academics.importSubjects(ctx, upload, dryRun) });

  // Sections and enrolment
  app.get('/sections', {
    config: { access: managers },
    schema: { tags, summary: 'Sections, newest academic year first', querystring: listSectionsQuery, response: { 200: sectionListResponse, ...errors } },
    handler: async (req) => academics.listSections(ctx, req.query),
  });
  app.post('/sections', {
    config: { access: managers },
    schema: { tags, summary: 'Create a section', body: createSectionSchema, response: { 201: sectionResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.sectionCreated, section: await academics.createSection(ctx, req.body) }),
  });
  app.patch('/sections/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Change a section', params: sectionIdParams, body: updateSectionSchema, response: { 200: sectionResponse, ...errors } },
    handler: async (req) => ({ message: MSG.sectionUpdated, section: await academics.updateSection(ctx, req.params.id, req.body) }),
  });
  app.delete('/sections/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a section without teaching assignments', params: sectionIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.deleteSection(ctx, principalOf(req), req.params.id);
      return { message: MSG.sectionDeleted };
    },
  });
  await app.register(importRoute, { url: '/sections/import', access: managers, tags, what: 'sections', run: (_p, upload, dryRun) => academics.importSections(ctx, upload, dryRun) });
  app.get('/sections/:id/students', {
    config: { access: managers },
    schema: { tags, summary: "A section's roster by roll number", params: sectionIdParams, response: { 200: sectionStudentsResponse, ...errors } },
    handler: async (req) => academics.listSectionStudents(ctx, req.params.id),
  });
  app.post('/sections/:id/students', {
    config: { access: managers },
    schema: { tags, summary: 'Enrol students in a section', params: sectionIdParams, body: enrolStudentsSchema, response: { 200: enrolStudentsResponse, ...errors } },
    handler: async (req) => ({ message: MSG.studentsEnrolled, ...(await academics.enrolStudents(ctx, principalOf(req), req.params.id, req.body.studentIds)) }),
  });
  app.delete('/sections/:id/students/:studentId', {
    config: { access: managers },
    schema: { tags, summary: 'Remove a student from a section', params: sectionStudentParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.unenrolStudent(ctx, principalOf(req), req.params.id, req.params.studentId);
      return { message: MSG.studentUnenrolled };
    },
  });
  // The section comes from the path; the pipeline's route has no params schema: the service checks it.
  await app.register(importRoute, {
    url: '/sections/:id/students/import',
    access: managers,
    tags,
    what: "a section's students (by email or student ID)",
    run: (p, upload, dryRun, req) => academics.importEnrolment(ctx, p, (req.params as { id: string }).id, upload, dryRun),
  });

  // Teaching assignments
  app.get('/assignments', {
    config: { access: managers },
    schema: { tags, summary: 'Teaching assignments', querystring: listAssignmentsQuery, response: { 200: assignmentListResponse, ...errors } },
    handler: async (req) => academics.listAssignments(ctx, req.query),
  });
  app.post('/assignments', {
    config: { access: managers },
    schema: { tags, summary: 'Assign a teacher a subject in a section', body: createAssignmentSchema, response: { 201: assignmentResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.assignmentCreated, assignment: await academics.createAssignment(ctx, req.body) }),
  });
  app.patch('/assignments/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Change a teaching assignment (its slots follow)', params: assignmentIdParams, body: updateAssignmentSchema, response: { 200: assignmentResponse, ...errors } },
    handler: async (req) => ({ message: MSG.assignmentUpdated, assignment: await academics.updateAssignment(ctx, req.params.id, req.body) }),
  });
  app.delete('/assignments/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a teaching assignment and its slots (not once attendance is taken)', params: assignmentIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.deleteAssignment(ctx, principalOf(req), req.params.id);
      return { message: MSG.assignmentDeleted };
    },
  });
  await app.register(importRoute, { url: '/assignments/import', access: managers, tags, what: 'teaching assignments', run: (_p, upload, dryRun) => academics.importAssignments(ctx, upload, dryRun) });

  // Timetable
  app.get('/timetable', {
    config: { access: managers },
    schema: { tags, summary: 'Timetable slots by weekday and start', querystring: listSlotsQuery, response: { 200: slotListResponse, ...errors } },
    handler: async (req) => academics.listSlots(ctx, req.query),
  });
  app.post('/timetable', {
    config: { access: managers },
    schema: { tags, summary: 'Add a weekly slot (409 when teacher, section or room is taken)', body: createSlotSchema, response: { 201: slotResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.slotCreated, slot: await academics.createSlot(ctx, req.body) }),
  });
  app.patch('/timetable/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Change a weekly slot', params: slotIdParams, body: updateSlotSchema, response: { 200: slotResponse, ...errors } },
    handler: async (req) => ({ message: MSG.slotUpdated, slot: await academics.updateSlot(ctx, req.params.id, req.body) }),
  });
  app.delete('/timetable/:id', {
    config: { access: managers },
    schema: { tags, summary: 'Delete a weekly slot', params: slotIdParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await academics.deleteSlot(ctx, principalOf(req), req.params.id);
      return { message: MSG.slotDeleted };
    },
  });
  await app.register(importRoute, { url: '/timetable/import', access: managers, tags, what: 'timetable slots', run: (_p, upload, dryRun) => academics.importSlots(ctx, upload, dryRun) });

  // The caller's own week
  app.get('/timetable/me', {
    config: { access: { roles: ANY_SIGNED_IN } },
    schema: { tags, summary: "The caller's weekly timetable (a Student's sections, a Teacher's classes)", response: { 200: myTimetableResponse, ...errors } },
    handler: async (req) => own.myTimetable(ctx, principalOf(req)),
  });
  app.get('/timetable/students/:id', {
    config: { access: { roles: ['Student', 'Guardian', 'Teacher', 'Admin', 'SuperAdmin'] } },
    schema: { tags, summary: "A student's weekly timetable (themself, their guardian, a Teacher, a manager)", params: studentRefParams, response: { 200: myTimetableResponse, ...errors } },
    handler: async (req) => own.studentTimetable(ctx, principalOf(req), req.params.id),
  });
  app.get('/courses/me', {
    config: { access: { roles: STUDENT_ONLY } },
    schema: { tags, summary: "The caller's courses (subjects of their sections) with teacher and credits", response: { 200: myCoursesResponse, ...errors } },
    handler: async (req) => own.myCourses(ctx, principalOf(req)),
  });
};

/** The spec's teacher calls: GET /teachers/my-subjects and /teachers/upcoming-classes. */
export const teacherRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const teacherTags = ['teachers'];
  app.get('/my-subjects', {
    config: { access: { roles: TEACHER_AREA } },
    schema: { tags: teacherTags, summary: "The caller's subjects: {subjects: [{name, code, section}]}", response: { 200: mySubjectsResponse, ...errors } },
    handler: async (req) => own.mySubjects(ctx, principalOf(req)),
  });
  app.get('/upcoming-classes', {
    config: { access: { roles: TEACHER_AREA } },
    schema: { tags: teacherTags, summary: "The caller's classes for the rest of today (CRS_TIMEZONE)", response: { 200: upcomingClassesResponse, ...errors } },
    handler: async (req) => own.upcomingClasses(ctx, principalOf(req)),
  });
};

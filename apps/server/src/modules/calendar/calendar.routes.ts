import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@crs/shared/messages';
import { ADMINS } from '@crs/shared/roles';
import type { Role } from '@crs/shared/roles';
import {
  calendarEventParams,
  calendarEventResponse,
  calendarFeedParams,
  calendarFeedResponse,
  calendarQuery,
  calendarResponse,
  createCalendarEventBody,
  listCalendarEventsQuery,
  listCalendarEventsResponse,
  updateCalendarEventBody,
  upcomingResponse,
} from '@crs/shared/schemas/calendar';
import { errorSchema, messageSchema } from '@crs/shared/schemas/common';
import type { AppContext } from '../../context.ts';
import { anyUser, principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import * as calendar from './calendar.service.ts';

/** Who writes calendar entries: Admin and SuperAdmin any kind, Staff events only (the service refuses the rest). */
const WRITERS: readonly Role[] = ['Admin', 'SuperAdmin', 'Staff'];
const writers = { roles: WRITERS };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['calendar'];

/** The academic calendar (issue 27, decision 0043), under /calendar. */
export const calendarRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/', {
    config: { access: anyUser },
    schema: {
      tags,
      summary: "What concerns the caller from..to (≤ 366 days; default this month): classes, exams, holidays, exam periods, events, library due dates, placement deadlines",
      querystring: calendarQuery,
      response: { 200: calendarResponse, ...errors },
    },
    handler: async (req) => calendar.myCalendar(ctx, principalOf(req), req.query),
  });
  app.get('/upcoming', {
    config: { access: anyUser },
    schema: { tags, summary: 'The next holiday and the next event that concern the caller (today counts)', response: { 200: upcomingResponse, ...errors } },
    handler: async (req) => calendar.upcoming(ctx, principalOf(req)),
  });
  app.get('/events', {
    config: { access: writers },
    schema: { tags, summary: 'Every calendar entry overlapping from..to, of one kind if given (Admin, SuperAdmin, Staff)', querystring: listCalendarEventsQuery, response: { 200: listCalendarEventsResponse, ...errors } },
    handler: async (req) => calendar.listEvents(ctx, req.query),
  });
  app.post('/events', {
    config: { access: writers },
    schema: { tags, summary: 'Add a holiday, exam period or event (Staff: events only), for the college, a department or a section', body: createCalendarEventBody, response: { 201: calendarEventResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.calendarEventCreated, event: await calendar.createEvent(ctx, principalOf(req), req.body) }),
  });
  app.patch('/events/:id', {
    config: { access: writers },
    schema: { tags, summary: 'Change a calendar entry (Staff: events only); the result obeys the rules of a new one', params: calendarEventParams, body: updateCalendarEventBody, response: { 200: calendarEventResponse, ...errors } },
    handler: async (req) => ({ message: MSG.calendarEventUpdated, event: await calendar.updateEvent(ctx, principalOf(req), req.params.id, req.body) }),
  });
  app.delete('/events/:id', {
    config: { access: writers },
    schema: { tags, summary: 'Delete a calendar entry (Staff: events only)', params: calendarEventParams, response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await calendar.deleteEvent(ctx, principalOf(req), req.params.id);
      return { message: MSG.calendarEventDeleted };
    },
  });
  await app.register(importRoute, { url: '/holidays/import', access: { roles: ADMINS }, tags, what: 'holidays', run: (p, upload, dryRun) => calendar.importHolidays(ctx, p, upload, dryRun) });
  app.get('/feed', {
    config: { access: anyUser },
    schema: { tags, summary: "The caller's private iCal feed URL (made on the first call)", response: { 200: calendarFeedResponse, ...errors } },
    handler: async (req) => calendar.feedUrl(ctx, principalOf(req)),
  });
  app.post('/feed/rotate', {
    config: { access: anyUser },
    schema: { tags, summary: 'A new feed URL; the old one answers 404 from now on', response: { 200: calendarFeedResponse, ...errors } },
    handler: async (req) => calendar.rotateFeed(ctx, principalOf(req)),
  });
  app.delete('/feed', {
    config: { access: anyUser },
    schema: { tags, summary: "Turn the caller's feed off (its URL answers 404)", response: { 200: messageSchema, ...errors } },
    handler: async (req) => {
      await calendar.revokeFeed(ctx, principalOf(req));
      return { message: MSG.calendarFeedRevoked };
    },
  });
  app.get('/feeds/:file', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'A private feed as iCalendar (`<secret>.ics`, no sign-in): timetable (weekly, holidays excluded), exams, holidays, events, library due dates, placement deadlines',
      params: calendarFeedParams,
      response: { 200: z.string().describe('text/calendar'), 404: errorSchema },
    },
    handler: async (req, reply) => {
      const body = await calendar.feedFile(ctx, req.params.file);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex').send(body);
    },
  });
};

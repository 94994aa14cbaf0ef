import type { AppContext } from '../../context.ts';
import * as academics from '../academics/academics.read.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './calendar.repository.ts';

// The calendar read interface (decision 0039 style): what other modules ask the calendar, one
// function per question. Attendance asks it whether a session's date is a holiday of the section or
// outside every term; the calendar itself never reaches into attendance.

/** The first holiday on `date` ("YYYY-MM-DD") concerning the section (the college's, its department's, its own); undefined when none. */
export async function holidayOn(ctx: AppContext, date: string, sectionId: string): Promise<{ id: string; title: string } | undefined> {
  const section = (await academics.sectionsByIds(ctx, [sectionId]))[0];
  const rows = await repo.holidaysOn(ctx.db, date, { departmentId: section?.departmentId ?? null, sectionId });
  const h = rows[0];
  return h ? { id: h.id, title: h.title } : undefined;
}

/** The term (Settings) `date` falls in; undefined when it is outside every term. */
export const termOf = (ctx: AppContext, date: string): Promise<{ name: string; start: string; end: string } | undefined> => settings.termOn(ctx, date);

/** Whether `date` is outside every term the college saved in Settings (false while the terms are the unsaved defaults). */
export const outsideTerms = (ctx: AppContext, date: string): Promise<boolean> => settings.outsideSavedTerms(ctx, date);

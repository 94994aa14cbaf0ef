import type { AppContext } from '../../context.ts';
import * as academics from '../academics/academics.read.ts';
import * as settings from '../settings/settings.service.ts';
import * as repo from './calendar.repository.ts';

// The calendar read interface (decision 0039 style): what other modules ask the calendar, one
// function per question. Attendance asks it whether a session's date is a holiday of the section or
// outside every term; the calendar itself never reaches into attendance.

/**
 * The first holiday on `date` ("YYYY-MM-DD") concerning each section (the college's, its
 * department's, its own), by section id; a section without one (or unknown) has no entry.
 */
export async function holidaysOfSectionsOn(ctx: AppContext, date: string, sectionIds: readonly string[]): Promise<Map<string, { id: string; title: string }>> {
  const out = new Map<string, { id: string; title: string }>();
  const sections = await academics.sectionsByIds(ctx, sectionIds);
  if (sections.length === 0) return out;
  const rows = await repo.holidaysOn(ctx.db, date, { departmentIds: [...new Set(sections.map((s) => s.departmentId))], sectionIds: sections.map((s) => s.id) });
  for (const s of sections) {
    const h = rows.find((r) => r.scope === 'college' || r.departmentId === s.departmentId || r.sectionId === s.id);
    if (h) out.set(s.id, { id: h.id, title: h.title });
  }
  return out;
}

/** The first holiday on `date` concerning the section; undefined when none. */
export const holidayOn = async (ctx: AppContext, date: string, sectionId: string): Promise<{ id: string; title: string } | undefined> =>
  (await holidaysOfSectionsOn(ctx, date, [sectionId])).get(sectionId);

/** The term (Settings) `date` falls in; undefined when it is outside every term. */
export const termOf = (ctx: AppContext, date: string): Promise<{ name: string; start: string; end: string } | undefined> => settings.termOn(ctx, date);

/** Whether `date` is outside every term the college saved in Settings (false while the terms are the unsaved defaults). */
export const outsideTerms = (ctx: AppContext, date: string): Promise<boolean> => settings.outsideSavedTerms(ctx, date);

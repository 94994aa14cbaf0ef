import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { hhmmOf } from '@crs/shared/schemas/academics';
import { MSG } from '@crs/shared/messages';
import { addDays } from '../../lib/time.ts';
import type { gather } from './calendar.service.ts';
import { datesOf, holidayDates } from './calendar.dates.ts';
import type { CalendarEventRow } from './calendar.repository.ts';

// A person's calendar as an iCalendar file (RFC 5545), built with ical-generator: the timetable as
// weekly recurring events until each term's end with the holidays as EXDATEs, in the college's time
// zone with its VTIMEZONE; entries, exams, library due dates and placement deadlines as all-day
// events. UIDs are `<kind>-<id>@<host>`; SEQUENCE grows with the item's last change.

/** Seconds since 2024-01-01 of the item's last change: a SEQUENCE that grows whenever it changes. */
const sequenceOf = (at: Date | null | undefined) => (at ? Math.max(0, Math.floor((at.getTime() - Date.UTC(2024, 0, 1)) / 1000)) : 0);

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f;
};

/** The UTC instant of a wall-clock time in `timeZone` (the offset in force on that day). */
export function utcOf(date: string, minutes: number, timeZone: string): Date {
  const guess = new Date(`${date}T${hhmmOf(minutes)}:00Z`);
  const parts = Object.fromEntries(formatIn(timeZone).formatToParts(guess).map((x) => [x.type, x.value]));
  const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
  return new Date(guess.getTime() - (shown - guess.getTime()));
}

/** The VTIMEZONE block of a zone, read once per process (the generator reads a file each call). */
const vtimezones = new Map<string, string | null>();
const vtimezoneOf = (timeZone: string): string | null => {
  if (!vtimezones.has(timeZone)) vtimezones.set(timeZone, getVtimezoneComponent(timeZone));
  return vtimezones.get(timeZone)!;
};

type Gathered = Awaited<ReturnType<typeof gather>>;

export function buildIcs(g: Gathered, o: { timeZone: string; host: string; college: string }): string {
  const cal = ical({ name: MSG.calendarFeedName(o.college), prodId: { company: 'CRS', product: 'College Resource System' }, ttl: 3600 });
  cal.timezone({ name: null, generator: vtimezoneOf });
  const uid = (kind: string, id: string) => `${kind}-${id}@${o.host}`;
  const allDay = (id: string, summary: string, start: string, end: string, description: string | null, stamp?: Date) =>
    cal.createEvent({ id, summary, start, end: addDays(end, 1), allDay: true, description, sequence: sequenceOf(stamp), ...(stamp && { stamp }) });

  const holidays = g.entries.filter((e) => e.kind === 'holiday');
  for (const s of g.classes) {
    const off = holidayDates(holidays, { id: s.sectionId, departmentId: s.departmentId });
    for (const t of g.terms) {
      const dates = datesOf(s.weekday, t.start, t.end);
      if (dates.length === 0) continue;
      const skipped = dates.filter((d) => off.has(d));
      // The class changes with its slot (day, time, room) and with the holidays it skips.
      const changed = [new Date(s.updatedAt).getTime(), ...holidays.filter((h) => skipped.some((d) => h.startDate <= d && d <= h.endDate)).map((h) => h.updatedAt.getTime())];
      cal.createEvent({
        id: uid('class', `${s.id}-${t.start}`),
        summary: `${s.subjectCode} ${s.subjectName}`,
        location: s.room,
        description: s.section,
        start: `${dates[0]}T${hhmmOf(s.startMin)}:00`,
        end: `${dates[0]}T${hhmmOf(s.endMin)}:00`,
        timezone: o.timeZone,
        sequence: sequenceOf(new Date(Math.max(...changed))),
        repeating: {
          freq: ICalEventRepeatingFreq.WEEKLY,
          until: utcOf(dates[dates.length - 1]!, s.endMin, o.timeZone),
          exclude: skipped.map((d) => `${d}T${hhmmOf(s.startMin)}:00`),
        },
      });
    }
  }
  const timed = (e: CalendarEventRow) => e.startMin !== null && e.endMin !== null;
  for (const e of g.entries) {
    if (timed(e)) {
      cal.createEvent({
        id: uid('event', e.id),
        summary: e.title,
        description: e.description,
        start: `${e.startDate}T${hhmmOf(e.startMin!)}:00`,
        end: `${e.endDate}T${hhmmOf(e.endMin!)}:00`,
        timezone: o.timeZone,
        sequence: sequenceOf(e.updatedAt),
      });
    } else allDay(uid('event', e.id), e.title, e.startDate, e.endDate, e.description, e.updatedAt);
  }
  for (const x of g.exams) allDay(uid('exam', x.id), `${x.subjectCode} ${x.name}`, x.date, x.date, `${x.subjectName} · ${x.section}`);
  for (const l of g.loans) allDay(uid('loan', l._id), MSG.calendarLibraryDue(l.book.title), l.dueDate, l.dueDate, null);
  for (const j of g.jobs) allDay(uid('job', j._id), MSG.calendarPlacementDeadline(j.company, j.role), j.deadline, j.deadline, j.location || null);
  return cal.toString();
}

import { useQuery } from '@tanstack/react-query';
import type { CalendarAnswer, CalendarItem } from '@crs/shared/schemas/calendar';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' plus n days, computed in UTC (no zone can shift a calendar day). */
export function plusDays(day: string, n: number): string {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The week's dates by ISO weekday (1 = Monday … 7 = Sunday), from today's date and weekday. */
export function weekDates(today: string, weekday: number): Record<number, string> {
  const monday = plusDays(today, 1 - weekday);
  return Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, plusDays(monday, d - 1)]));
}

/**
 * GET /calendar?from=<Monday>&to=<Sunday> (issue 27): the holidays of the timetable's week, by
 * date. A holiday's days show the holiday instead of the classes (the calendar holds none then).
 */
export function useWeekHolidays(from: string | undefined, to: string | undefined) {
  return useQuery({
    queryKey: academicsKeys.weekHolidays(from ?? '', to ?? ''),
    enabled: !!from && !!to,
    queryFn: async () => {
      const { data } = await api.get<CalendarAnswer>('/calendar', { params: { from, to } });
      return data.items.filter((i) => i.type === 'holiday');
    },
  });
}

/** The holiday covering `day`, if any. */
export const holidayOn = (holidays: readonly CalendarItem[] | undefined, day: string) => holidays?.find((h) => h.date <= day && day <= h.endDate);

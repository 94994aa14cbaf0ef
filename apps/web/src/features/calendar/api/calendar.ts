import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageBody } from '@crs/shared/schemas/common';
import type {
  CalendarAnswer,
  CalendarUpcoming,
  calendarEventResponse,
  CreateCalendarEventBody,
  listCalendarEventsResponse,
  UpdateCalendarEventBody,
} from '@crs/shared/schemas/calendar';
import type { NoticeAudiences } from '@crs/shared/schemas/notices';
import { importUploader } from '@/components/import/upload';
import { api } from '@/lib/api-client';
import { calendarKeys } from './keys';

type EventAnswer = z.infer<typeof calendarEventResponse>;

/** GET /calendar?from=&to=: what concerns the caller in the range (classes, exams, holidays, events, due dates, deadlines). */
export async function getCalendar(from: string, to: string): Promise<CalendarAnswer> {
  const { data } = await api.get<CalendarAnswer>('/calendar', { params: { from, to } });
  return data;
}
export function useCalendar(from: string, to: string) {
  // The previous range stays on screen while the next loads (no flash of skeletons on Next).
  return useQuery(queryOptions({ queryKey: calendarKeys.range(from, to), queryFn: () => getCalendar(from, to), placeholderData: keepPreviousData }));
}

/** GET /calendar/events?from=&to= (Admin, SuperAdmin, Staff): every entry of the range, whoever it concerns. */
export async function getCalendarEvents(from: string, to: string) {
  const { data } = await api.get<z.infer<typeof listCalendarEventsResponse>>('/calendar/events', { params: { from, to } });
  return data.events;
}
export function useCalendarEvents(from: string, to: string, enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.events(from, to), queryFn: () => getCalendarEvents(from, to), enabled, placeholderData: keepPreviousData });
}

/** GET /calendar/upcoming: the next holiday and the next event that concern the caller. */
export async function getUpcoming(): Promise<CalendarUpcoming> {
  const { data } = await api.get<CalendarUpcoming>('/calendar/upcoming');
  return data;
}
export function useUpcoming() {
  return useQuery(queryOptions({ queryKey: calendarKeys.upcoming, queryFn: getUpcoming }));
}

/**
 * The departments and sections an entry can concern. GET /notices/audiences answers the same
 * people who manage the calendar (Staff, Admin, SuperAdmin), where /academics/* is Admin-only.
 */
export async function getAudiences(): Promise<NoticeAudiences> {
  const { data } = await api.get<NoticeAudiences>('/notices/audiences');
  return data;
}
export function useAudiences(enabled: boolean) {
  return useQuery({ queryKey: calendarKeys.audiences, queryFn: getAudiences, staleTime: 5 * 60_000, enabled });
}

/** POST /calendar/events (no id) or PATCH /calendar/events/{id}. */
export async function saveCalendarEvent({ id, input }: { id?: string | undefined; input: CreateCalendarEventBody | UpdateCalendarEventBody }): Promise<EventAnswer> {
  const { data } = id ? await api.patch<EventAnswer>(`/calendar/events/${encodeURIComponent(id)}`, input) : await api.post<EventAnswer>('/calendar/events', input);
  return data;
}

export async function deleteCalendarEvent(id: string): Promise<MessageBody> {
  const { data } = await api.delete<MessageBody>(`/calendar/events/${encodeURIComponent(id)}`);
  return data;
}
export function useDeleteCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCalendarEvent, onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }) });
}

/** POST /calendar/holidays/import[?dryRun=true] (Admin, SuperAdmin): the import pipeline, all rows or none. */
export const importHolidays = importUploader('/calendar/holidays/import');
export const HOLIDAY_IMPORT_INVALIDATES = [calendarKeys.all] as const;

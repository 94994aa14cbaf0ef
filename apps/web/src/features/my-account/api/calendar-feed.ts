import type { z } from 'zod';
import type { calendarFeedResponse } from '@crs/shared/schemas/calendar';
import type { MessageBody } from '@crs/shared/schemas/common';
import { api } from '@/lib/api-client';

type FeedAnswer = z.infer<typeof calendarFeedResponse> & { message?: string };

/** GET /calendar/feed: the caller's private iCal link (the server makes one on the first call). */
export async function getCalendarFeed(): Promise<FeedAnswer> {
  const { data } = await api.get<FeedAnswer>('/calendar/feed');
  return data;
}
/** POST /calendar/feed/rotate: a new link; the old one answers 404 from now on. */
export async function rotateCalendarFeed(): Promise<FeedAnswer> {
  const { data } = await api.post<FeedAnswer>('/calendar/feed/rotate');
  return data;
}
/** DELETE /calendar/feed: no link any more (until the next GET makes a new one). */
export async function revokeCalendarFeed(): Promise<Partial<MessageBody>> {
  const { data } = await api.delete<Partial<MessageBody> | ''>('/calendar/feed');
  return typeof data === 'object' && data ? data : {};
}

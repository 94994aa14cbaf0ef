/** Query keys of the calendar feature; every write to an entry invalidates `calendarKeys.all`. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', 'range', from, to] as const,
  events: (from: string, to: string) => ['calendar', 'events', from, to] as const,
  upcoming: ['calendar', 'upcoming'] as const,
  audiences: ['calendar', 'audiences'] as const,
};

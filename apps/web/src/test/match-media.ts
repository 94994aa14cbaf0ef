/** A controllable window.matchMedia for jsdom: tests set which queries match and fire change events. */
type Listener = (e: MediaQueryListEvent) => void;

const state = { matches: (_query: string) => false };
const lists = new Map<string, { listeners: Set<Listener> }>();

export function installMatchMedia(): void {
  window.matchMedia = (query: string) => {
    const entry = lists.get(query) ?? { listeners: new Set<Listener>() };
    lists.set(query, entry);
    return {
      get matches() {
        return state.matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: Listener) => entry.listeners.add(l),
      removeEventListener: (_: string, l: Listener) => entry.listeners.delete(l),
      addListener: (l: Listener) => entry.listeners.add(l),
      removeListener: (l: Listener) => entry.listeners.delete(l),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  };
}

/** Decides which media queries match from now on, and tells every listener. */
export function setMediaMatches(matches: (query: string) => boolean): void {
  state.matches = matches;
  for (const [query, { listeners }] of lists) {
    for (const l of listeners) l({ matches: matches(query), media: query } as MediaQueryListEvent);
  }
}

export const DESKTOP = (q: string) => q.includes('min-width: 1024px');
export const DARK_OS = (q: string) => q.includes('prefers-color-scheme: dark');

/** Back to "nothing matches", without notifying (between tests). */
export function resetMediaMatches(): void {
  state.matches = () => false;
  lists.clear();
}

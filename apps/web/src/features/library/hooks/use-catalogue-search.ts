import { useEffect, useState } from 'react';
import { useBooks } from '../api/search-books';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../texts';

/** True when a typed query may be searched: empty (the whole catalogue) or at least 2 characters. */
export function isSearchable(input: string): boolean {
  const q = input.trim();
  return q.length === 0 || q.length >= SEARCH_MIN_CHARS;
}

/**
 * The catalogue search behind a search box: the typed text is sent once it has stopped changing for
 * 300 ms, and only when it is searchable; a 1-character query keeps the previous results.
 * Changing the query goes back to page 1.
 */
export function useCatalogueSearch(input: string, pageSize: number) {
  const [query, setQuery] = useState(() => (isSearchable(input) ? input.trim() : ''));
  const [paging, setPaging] = useState({ query, page: 1 });

  useEffect(() => {
    if (!isSearchable(input)) return;
    const q = input.trim();
    const t = window.setTimeout(() => setQuery(q), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [input]);

  const page = paging.query === query ? paging.page : 1;
  const result = useBooks({ q: query, page, pageSize });
  return {
    ...result,
    query,
    page,
    setPage: (next: number) => setPaging({ query, page: next }),
    /** The typed text is too short to search (1 character). */
    tooShort: !isSearchable(input),
  };
}

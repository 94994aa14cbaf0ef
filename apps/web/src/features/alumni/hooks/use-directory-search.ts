import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ALUMNI_SEARCH_DEBOUNCE_MS } from '../texts';

/**
 * The directory's search and page, kept in the URL (`?q=`, `?page=`) so a search can be shared,
 * reloaded and gone back to. The box's text reaches the URL once typing pauses (300 ms) and then
 * starts at page 1; a page change is a history entry, typing is not.
 */
export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [input, setInput] = useState(q);
  const debounced = useDebouncedValue(input.trim(), ALUMNI_SEARCH_DEBOUNCE_MS);

  // The URL changed from outside (back/forward, a link): the box follows.
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (input.trim() !== q) setInput(q);
  }

  useEffect(() => {
    if (debounced === q) return;
    // Only a pause in typing moves the URL (not a URL that moved the box).
    if (debounced !== input.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, input, setParams]);

  function setPage(next: number) {
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next <= 1) out.delete('page');
      else out.set('page', String(next));
      return out;
    });
  }

  return { input, setInput, q, page, setPage };
}

import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's filters and page kept in the URL, so a view can be shared and reloaded: one free-text
 * parameter (`searchKey`) that reaches the URL once typing pauses for `debounceMs`, any other
 * parameters set at once, and `page`. Any filter change starts at page 1. The caller reads and
 * checks its own parameters from `params` (the people lists, System Logs).
 */
export function useUrlFilters<K extends string>(searchKey: string, debounceMs: number) {
  const [params, setParams] = useSearchParams();
  const search = (params.get(searchKey) ?? '').trim();
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input.trim(), debounceMs);
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    if (input.trim() !== search) setInput(search);
  }

  useEffect(() => {
    if (debounced === search || debounced !== input.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced) next.set(searchKey, debounced);
        else next.delete(searchKey);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, search, input, searchKey, setParams]);

  function setFilter(key: K, value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function setPage(to: number) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (to <= 1) next.delete('page');
      else next.set('page', String(to));
      return next;
    });
  }

  function clear() {
    setInput('');
    setParams(new URLSearchParams(), { replace: true });
  }

  return { params, search, page, input, setInput, setFilter, setPage, clear };
}

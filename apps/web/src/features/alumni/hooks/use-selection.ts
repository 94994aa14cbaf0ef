import { useCallback, useMemo, useState } from 'react';

/**
 * The directory's selection (spec section 4): toggling a row adds or removes it (the table's
 * checkboxes), Clear selection empties it, a row's own Message or Delete makes that row the whole
 * selection. Ids persist across pages and searches, so a selection can be built from several.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const clear = useCallback(() => setSelected(new Set()), []);
  const only = useCallback((id: string) => setSelected(new Set([id])), []);
  const ids = useMemo(() => [...selected], [selected]);
  return { selected, ids, count: selected.size, set: setSelected as (next: Set<string>) => void, clear, only };
}

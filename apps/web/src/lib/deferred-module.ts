// Hand-written in place of React.lazy + Suspense for the frame's overlays (decision 0012): the
// frame must know synchronously whether the code is there, and a failed download must not throw
// into the route's error screen.
import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched on first use rather than with the chunk that renders it (decision 0012): what a
 * screen shows only after an interaction (the frame's tooltips, the bell's popover, the logout
 * dialog) stays off the first load. `preload` starts the download on a sign of intent (pointer over,
 * focus); `load` settles once it has arrived; `useModule(wanted)` gives the module once loaded (null
 * before, and the component renders again when it arrives) and loads it while `wanted` holds. A
 * failed download is tried again on the next call, as the route table's pages are.
 */
export function deferredModule<T>(importer: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  let loaded: T | null = null;
  const listeners = new Set<() => void>();

  const load = (): Promise<T> =>
    (pending ??= importer().then(
      (m) => {
        loaded = m;
        for (const l of listeners) l();
        return m;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  const preload = (): void => void load().catch(() => undefined);

  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  const current = () => loaded;

  function useModule(wanted: boolean): T | null {
    const m = useSyncExternalStore(subscribe, current, () => null);
    useEffect(() => {
      if (wanted) preload();
    }, [wanted]);
    return m;
  }

  return { load, preload, loaded: current, useModule };
}

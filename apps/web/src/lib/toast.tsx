import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * sonner, loaded on the first toast instead of with the page (it is ~9 kB gzip the login page does
 * not need until something happens). sonner replays toasts created before its Toaster subscribes,
 * so nothing is lost while it loads.
 */
const loadSonner = () => import('sonner');

let needed = false;
const listeners = new Set<() => void>();

function requireToaster(): void {
  if (needed) return;
  needed = true;
  for (const l of listeners) l();
}

function show(kind: 'success' | 'error' | 'message', message: string, options?: ExternalToast): void {
  requireToaster();
  void loadSonner().then(({ toast: sonner }) => (kind === 'message' ? sonner(message, options) : sonner[kind](message, options)));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};

const LazyToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Mounts sonner's Toaster once the first toast is requested. */
export function DeferredToaster(props: ToasterProps) {
  const active = useSyncExternalStore(subscribe, () => needed, () => false);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}

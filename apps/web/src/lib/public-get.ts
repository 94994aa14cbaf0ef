import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export type PublicGetState<T> = { isPending: true; isError: false; data: undefined } | { isPending: false; isError: true; data: undefined } | { isPending: false; isError: false; data: T };

const PENDING = { isPending: true, isError: false, data: undefined } as const;

/**
 * One GET for a public page (the ID card's and the transcript's verification pages). Public pages
 * render without the signed-in app's query client (it loads with the frame), so this is a plain
 * request per URL; an answer for an earlier URL is never shown for the current one.
 */
export function usePublicGet<T>(url: string): PublicGetState<T> {
  const [state, setState] = useState<{ url: string; result: PublicGetState<T> }>({ url, result: PENDING });
  useEffect(() => {
    let live = true;
    api.get<T>(url).then(
      ({ data }) => live && setState({ url, result: { isPending: false, isError: false, data } }),
      () => live && setState({ url, result: { isPending: false, isError: true, data: undefined } }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state.url === url ? state.result : PENDING;
}

import { useEffect, useState } from 'react';
import type { PublicSettings } from '@crs/shared/schemas/settings';
import { api } from './api-client';

/** GET /settings/public: the institution's name, short name, logo and academic year (no sign-in needed). */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { data } = await api.get<PublicSettings>('/settings/public');
  return data;
}

let once: Promise<PublicSettings | undefined> | undefined;

/**
 * The institution for the sign-in pages, which carry no query cache (decision 0012 keeps TanStack
 * Query off /login): fetched once per page load and shared by every such page; undefined until it
 * arrives or if it cannot be read. Signed-in pages use `usePublicSettings` (lib/institution-query.ts).
 */
export function usePublicSettingsOnce(): PublicSettings | undefined {
  const [value, setValue] = useState<PublicSettings | undefined>();
  useEffect(() => {
    let live = true;
    once ??= getPublicSettings().catch(() => {
      once = undefined;
      return undefined;
    });
    void once.then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

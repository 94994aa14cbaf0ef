import { usePublicSettings } from '@/lib/institution-query';

/**
 * Whether students may return books themselves (Settings' selfServiceReturn, issue 25 item 6):
 * true or false once known, undefined while the rule loads — so a screen shows neither the Return
 * button nor 'Return at the library desk' until it knows which. If the rule cannot be read (or an
 * older server does not send it), the button shows and the server's answer decides.
 */
export function useSelfServiceReturn(): boolean | undefined {
  const settings = usePublicSettings();
  if (settings.data) return settings.data.selfServiceReturn !== false;
  return settings.isError ? true : undefined;
}

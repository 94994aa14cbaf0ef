import { useId } from 'react';
import { Copy } from 'lucide-react';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import type { OidcProvider } from '@crs/shared/schemas/identity';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { PROVIDERS_TEXT as T } from '../texts';

/** A redirect URI to register at the provider, shown whole and copied with one click. */
export function RedirectUri({ provider }: { provider: Pick<OidcProvider, 'label' | 'redirectUri'> }) {
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(provider.redirectUri);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }
  return (
    <div className="grid min-w-0 gap-1">
      <span id={id} className="text-xs text-muted-foreground">
        {IDENTITY_MSG.oidcRedirectUri}
      </span>
      <div className="flex min-w-0 items-center gap-2">
        <code aria-labelledby={id} className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1 font-mono text-xs break-all">
          {provider.redirectUri}
        </code>
        <Button variant="outline" size="sm" aria-label={T.copyOf(provider.label)} onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {T.copy}
        </Button>
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { OidcProvider } from '@crs/shared/schemas/identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/lib/toast';
import { deleteOidcProvider, providersKey, useOidcProviders } from '../api/oidc-providers';
import { PROVIDERS_TEXT as T } from '../texts';
import { OidcProviderForm } from './oidc-provider-form';
import { RedirectUri } from './redirect-uri';

type Editing = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; provider: OidcProvider };

/**
 * Settings → Sign-in providers (issue 28): every provider with its state and redirect URI; a
 * SuperAdmin adds, edits and deletes those kept in Settings; the one from environment variables is
 * shown read-only.
 */
export function OidcProvidersCard() {
  const titleId = useId();
  const providers = useOidcProviders();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [removing, setRemoving] = useState<OidcProvider | null>(null);
  const close = () => setEditing({ kind: 'none' });

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <QueryState query={providers} error={T.loadFailed} empty={T.empty} skeletons={['h-20']}>
          {(list) => (
            <ul className="grid gap-3" aria-label={T.caption}>
              {list.map((p) => (
                <li key={p.id} className="grid min-w-0 gap-3 rounded-md border p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="grid min-w-0 gap-1">
                      <span className="flex flex-wrap items-center gap-2 font-medium">
                        {p.label}
                        <Badge variant={p.enabled ? 'success' : 'outline'}>{p.enabled ? T.enabled : T.disabled}</Badge>
                        {p.source === 'environment' ? <Badge variant="secondary">{T.fromEnvironment}</Badge> : null}
                      </span>
                      <span className="font-mono text-xs text-muted-foreground">{p.id}</span>
                      <span className="text-sm break-all">{p.issuer}</span>
                    </div>
                    {p.source === 'settings' ? (
                      <div className="flex gap-2">
                        <Button variant="outline" size="sm" aria-label={T.editOf(p.label)} onClick={() => setEditing({ kind: 'edit', provider: p })}>
                          <Pencil aria-hidden="true" />
                          {T.edit}
                        </Button>
                        <Button variant="outline" size="sm" aria-label={T.removeOf(p.label)} onClick={() => setRemoving(p)}>
                          <Trash2 aria-hidden="true" />
                          {T.remove}
                        </Button>
                      </div>
                    ) : null}
                  </div>
                  <RedirectUri provider={p} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <div>
          <Button onClick={() => setEditing({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {T.add}
          </Button>
        </div>
      </CardContent>
      <FormDialog open={editing.kind !== 'none'} onOpenChange={(open) => !open && close()} title={editing.kind === 'edit' ? T.editTitle(editing.provider.label) : T.addTitle} wide>
        {(done) => <OidcProviderForm provider={editing.kind === 'edit' ? editing.provider : null} onDone={done} />}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? T.removeTitle(removing.label) : undefined}
        description={T.removeText}
        confirmLabel={T.remove}
        busyLabel={T.removing}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          toast.success((await deleteOidcProvider(removing.id)).message);
          await queryClient.invalidateQueries({ queryKey: providersKey });
        }}
      />
    </Card>
  );
}

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import type { LinkedIdentity } from '@crs/shared/schemas/identity';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { identityKeys, unlinkIdentity, useLinkedIdentities } from '../api/identity';
import { IDENTITY_TEXT as T } from '../texts';

/**
 * The college accounts linked to this one (issue 28): each with its email and dates, unlinked after
 * a confirmation — not while the account has no password (it would be the only way in; the
 * server's reason stands beside the disabled button).
 */
export function LinkedAccountsCard() {
  const titleId = useId();
  const reasonId = useId();
  const linked = useLinkedIdentities();
  const queryClient = useQueryClient();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{T.linkedTitle}</CardTitle>
        <CardDescription>{T.linkedDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <QueryState query={linked} error={T.linkedLoadFailed} empty={T.linkedEmpty} isEmpty={(d) => d.identities.length === 0} skeletons={['h-12']}>
          {({ identities, hasPassword }) => (
            <>
              <ul className="grid gap-3">
                {identities.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-3">
                    <div className="grid min-w-0 gap-1 text-sm">
                      <span className="font-medium">{i.providerLabel}</span>
                      {i.email ? <span className="break-all">{i.email}</span> : null}
                      <span className="text-xs text-muted-foreground">
                        {T.linkedOn(formatDateTime(i.linkedAt))}
                        {i.lastUsedAt ? `, ${T.lastUsed(formatDateTime(i.lastUsedAt))}` : ''}
                      </span>
                    </div>
                    <Button variant="outline" size="sm" aria-label={T.unlinkOf(i.providerLabel)} disabled={!hasPassword} aria-describedby={hasPassword ? undefined : reasonId} onClick={() => setUnlinking(i)}>
                      {T.unlink}
                    </Button>
                  </li>
                ))}
              </ul>
              {hasPassword ? null : (
                <p id={reasonId} className="text-sm text-muted-foreground">
                  {IDENTITY_MSG.identityUnlinkNeedsPassword}
                </p>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={unlinking ? T.unlinkTitle(unlinking.providerLabel) : undefined}
        description={T.unlinkText}
        confirmLabel={T.unlink}
        busyLabel={T.unlinking}
        destructive
        onConfirm={async () => {
          if (!unlinking) return;
          toast.success((await unlinkIdentity(unlinking.id)).message);
          await queryClient.invalidateQueries({ queryKey: identityKeys.identities });
        }}
      />
    </Card>
  );
}

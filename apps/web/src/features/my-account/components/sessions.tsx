import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import type { ActiveSession } from '@crs/shared/schemas/identity';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { identityKeys, revokeOtherSessions, revokeSession, useSessions } from '../api/identity';
import { IDENTITY_TEXT as T } from '../texts';

/**
 * The user's active sessions (issue 28): device, IP, started and last seen in the app's date style,
 * this one marked; any other one signed out, or all of them after a confirmation. DataTable keeps
 * every column at 390 px (it scrolls sideways with the device column in place).
 */
export function SessionsCard() {
  const titleId = useId();
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: identityKeys.sessions });
  const others = (sessions.data ?? []).filter((s) => !s.current);

  async function signOut(s: ActiveSession) {
    setBusyId(s.id);
    try {
      toast.success((await revokeSession(s.id)).message);
      await refresh();
    } catch (e) {
      toast.error(serverMessage(e) ?? T.mfaFailed);
    } finally {
      setBusyId(null);
    }
  }

  const actions: Column<ActiveSession> = {
    key: 'actions',
    header: T.colActions,
    srOnlyHeader: true,
    className: 'text-right',
    cell: (s) =>
      s.current ? null : (
        <Button variant="outline" size="sm" aria-label={T.signOutSession(s.device)} disabled={busyId !== null} onClick={() => void signOut(s)}>
          {busyId === s.id ? T.signingOut : T.signOut}
        </Button>
      ),
  };

  const columns: Column<ActiveSession>[] = [
    {
      key: 'device',
      header: T.colDevice,
      cell: (s) => (
        <div className="grid gap-1">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {s.device}
            {s.current ? <Badge variant="success">{IDENTITY_MSG.sessionThisDevice}</Badge> : null}
          </span>
          <span className="text-xs text-muted-foreground">{s.method}</span>
        </div>
      ),
    },
    { key: 'ip', header: T.colIp, className: 'tabular-nums', cell: (s) => s.ip ?? '—' },
    { key: 'started', header: T.colStarted, className: 'whitespace-nowrap', cell: (s) => formatDateTime(s.startedAt) },
    { key: 'lastSeen', header: T.colLastSeen, className: 'whitespace-nowrap', cell: (s) => formatDateTime(s.lastSeenAt) },
    // Only when there is another session to sign out: a column with no button would be empty.
    ...(others.length === 0 ? [] : [actions]),
  ];

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>{T.sessionsTitle}</CardTitle>
        <CardDescription>{T.sessionsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <DataTable caption={T.sessionsCaption} columns={columns} rows={sessions.data} rowKey={(s) => s.id} loading={sessions.isPending} error={sessions.isError ? T.sessionsLoadFailed : null} empty={T.noOtherSessions} />
        {sessions.data ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" disabled={others.length === 0} onClick={() => setConfirming(true)}>
              {IDENTITY_MSG.sessionSignOutOthers}
            </Button>
            {others.length === 0 ? <p className="text-sm text-muted-foreground">{T.noOtherSessions}</p> : null}
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.signOutOthersTitle}
        description={T.signOutOthersText}
        confirmLabel={IDENTITY_MSG.sessionSignOutOthers}
        busyLabel={T.signingOut}
        destructive
        onConfirm={async () => {
          const answer = await revokeOtherSessions();
          toast.success(answer.message);
          await refresh();
        }}
      />
    </Card>
  );
}

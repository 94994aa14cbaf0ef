import { useId, useState } from 'react';
import { NOTIFICATIONS_MSG as M } from '@crs/shared/messages/notifications';
import { EMAIL_MODE_LABELS, EMAIL_MODES, NOTIFICATION_KIND_LABELS } from '@crs/shared/schemas/notifications';
import type { EmailMode, NotificationKind } from '@crs/shared/schemas/notifications';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { QueryState } from '@/components/ui/query-state';
import { SelectOptions } from '@/components/ui/select-options';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { usePreferences, useUpdatePreferences } from '../api/notifications';
import { NOTIFICATIONS_TEXT as T } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const modeOptions = EMAIL_MODES.map((m) => ({ value: m, label: EMAIL_MODE_LABELS[m] }));

/**
 * The Account page's delivery card (issue 30): a row per kind of notification with its email —
 * at once, in the daily digest, or none (the bell always shows it) — and, while mail to the
 * address bounces, the warning and 'Try my address again'.
 */
export function NotificationPreferencesCard() {
  const titleId = useId();
  // Absence alerts reach guardians only (issue 30): nobody else gets a row for them.
  const guardian = useAuth().user?.roles.includes('Guardian') ?? false;
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const [draft, setDraft] = useState<Partial<Record<NotificationKind, EmailMode>>>({});
  const [error, setError] = useState<string | null>(null);
  const changed = Object.keys(draft).length > 0;

  async function save(body: Parameters<typeof update.mutateAsync>[0]) {
    setError(null);
    try {
      const answer = await update.mutateAsync(body);
      setDraft({});
      toast.success(answer.message);
    } catch (e) {
      setError(serverMessage(e) ?? T.preferencesLoadFailed);
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{M.notificationPreferencesTitle}</CardTitle>
        <CardDescription>{M.notificationPreferencesHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={prefs} error={T.preferencesLoadFailed} isEmpty={() => false} loadingLabel={M.notificationPreferencesTitle}>
          {(data) => (
            <div className="grid gap-4">
              {data.bouncing ? (
                <div role="alert" className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm">
                  <p className="break-words">{M.notificationBouncing(data.bouncing.address)}</p>
                  <div>
                    <Button type="button" size="sm" variant="outline" disabled={update.isPending} onClick={() => void save({ clearBounce: true })}>
                      {M.notificationBounceRetry}
                    </Button>
                  </div>
                </div>
              ) : null}
              <ul className="grid gap-3" aria-label={M.notificationPreferencesTitle}>
                {data.preferences.filter((p) => p.kind !== 'absence' || guardian).map((p) => {
                  const id = `${titleId}-${p.kind}`;
                  return (
                    <li key={p.kind} className="grid grid-cols-1 items-center gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3">
                      <label htmlFor={id} className="text-sm font-medium">
                        {NOTIFICATION_KIND_LABELS[p.kind]}
                      </label>
                      <select
                        id={id}
                        className={selectClass}
                        value={draft[p.kind] ?? p.email}
                        onChange={(e) => {
                          const email = e.target.value as EmailMode;
                          setDraft((d) => {
                            const next = { ...d };
                            if (email === p.email) delete next[p.kind];
                            else next[p.kind] = email;
                            return next;
                          });
                        }}
                      >
                        <SelectOptions options={modeOptions} />
                      </select>
                    </li>
                  );
                })}
              </ul>
              <FormError message={error} />
              <div>
                <BusyButton
                  busy={update.isPending}
                  disabled={!changed}
                  label={T.save}
                  busyLabel={T.saving}
                  onClick={() => void save({ preferences: Object.entries(draft).map(([kind, email]) => ({ kind: kind as NotificationKind, email: email! })) })}
                />
              </div>
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

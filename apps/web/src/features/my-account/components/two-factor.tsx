import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MFA_TEXT } from '@/components/mfa/mfa-text';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { TotpSetupView, type TotpSetup } from '@/components/mfa/totp-setup-view';
import { Badge } from '@/components/ui/badge';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { QueryState } from '@/components/ui/query-state';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { confirmTotp, disableTotp, identityKeys, renewRecoveryCodes, setupTotp, useMfaStatus } from '../api/identity';
import { IDENTITY_TEXT as T } from '../texts';
import { CodeForm } from './code-form';

type Mode = { kind: 'idle' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'disable' } | { kind: 'renew' } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor authentication on the Account page (issue 28): its state; set up (QR code and key, a
 * first code, then the recovery codes once); turn off with a code (not offered when the role
 * requires it); ten new recovery codes with a code.
 */
export function TwoFactorCard() {
  const titleId = useId();
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: identityKeys.mfa });

  async function start() {
    setStarting(true);
    setError(null);
    try {
      setMode({ kind: 'setup', setup: await setupTotp() });
    } catch (e) {
      setError(serverMessage(e) ?? T.mfaFailed);
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{MFA_TEXT.title}</CardTitle>
        <CardDescription>{T.mfaDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={status} error={T.mfaLoadFailed} skeletons={['h-10']}>
          {(s) => (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant={s.enabled ? 'success' : 'outline'}>{s.enabled ? T.mfaBadgeOn : T.mfaBadgeOff}</Badge>
                {s.enabled ? (
                  <span>
                    {T.mfaOnSince(formatDateTime(s.enabledAt))} {T.mfaCodesLeft(s.recoveryCodesLeft)} {s.required ? T.mfaRequiredNote : null}
                  </span>
                ) : (
                  <span>{T.mfaOff}</span>
                )}
              </p>
              {mode.kind === 'codes' ? (
                <>
                  <RecoveryCodes codes={mode.codes} />
                  <div>
                    <Button onClick={() => setMode({ kind: 'idle' })}>{T.mfaDone}</Button>
                  </div>
                </>
              ) : mode.kind === 'setup' ? (
                <>
                  <TotpSetupView setup={mode.setup} />
                  <CodeForm
                    submitLabel={T.mfaTurnOn}
                    busyLabel={T.mfaTurningOn}
                    onCancel={() => setMode({ kind: 'idle' })}
                    onSubmit={async (code) => {
                      const answer = await confirmTotp(code);
                      toast.success(answer.message);
                      setMode({ kind: 'codes', codes: answer.recoveryCodes });
                      await refresh();
                    }}
                  />
                </>
              ) : mode.kind === 'disable' ? (
                <CodeForm
                  hint={T.mfaTurnOffHint}
                  allowRecovery
                  destructive
                  submitLabel={T.mfaTurnOff}
                  busyLabel={T.mfaTurningOff}
                  onCancel={() => setMode({ kind: 'idle' })}
                  onSubmit={async (code) => {
                    const answer = await disableTotp(code);
                    toast.success(answer.message);
                    setMode({ kind: 'idle' });
                    await refresh();
                  }}
                />
              ) : mode.kind === 'renew' ? (
                <CodeForm
                  hint={T.mfaRenewHint}
                  submitLabel={T.mfaRenew}
                  busyLabel={T.mfaRenewing}
                  onCancel={() => setMode({ kind: 'idle' })}
                  onSubmit={async (code) => {
                    const answer = await renewRecoveryCodes(code);
                    toast.success(answer.message);
                    setMode({ kind: 'codes', codes: answer.recoveryCodes });
                    await refresh();
                  }}
                />
              ) : s.enabled ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setMode({ kind: 'renew' })}>
                    {T.mfaRenew}
                  </Button>
                  {s.required ? null : (
                    <Button variant="outline" onClick={() => setMode({ kind: 'disable' })}>
                      {T.mfaTurnOff}
                    </Button>
                  )}
                </div>
              ) : (
                <div>
                  <BusyButton busy={starting} label={T.mfaSetUp} busyLabel={T.mfaSettingUp} onClick={() => void start()} />
                </div>
              )}
              <FormError message={error} />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

import { useEffect } from 'react';
import { RECOVERY_CODE, TOTP_CODE } from '@crs/shared/schemas/identity';
import { CodeField } from '@/components/mfa/code-field';
import { useCodeSubmit } from '@/components/mfa/use-code-submit';
import { BusyButton, Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { IDENTITY_TEXT as T } from '../texts';

/**
 * One code asked for before a two-factor change (turn on, turn off, new recovery codes): checked
 * for its form first, then sent; the server's refusal shows in the form, which stays.
 */
export function CodeForm({
  hint,
  submitLabel,
  busyLabel,
  allowRecovery = false,
  destructive = false,
  onSubmit,
  onCancel,
}: {
  hint?: string;
  submitLabel: string;
  busyLabel: string;
  /** A recovery code is accepted too (turning it off without the phone). */
  allowRecovery?: boolean;
  destructive?: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { code, setCode, fieldError, error, busy, input, submit } = useCodeSubmit({
    accepts: (value) => TOTP_CODE.test(value) || (allowRecovery && RECOVERY_CODE.test(value)),
    send: onSubmit,
    failed: T.mfaFailed,
  });
  // The form replaces the button that opened it: the focus goes to its field.
  useEffect(() => input.current?.focus(), [input]);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <CodeField inputRef={input} value={code} onChange={setCode} error={fieldError} kind={allowRecovery ? 'either' : 'app'} />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {T.cancel}
        </Button>
        {destructive ? (
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        ) : (
          <BusyButton type="submit" busy={busy} label={submitLabel} busyLabel={busyLabel} />
        )}
      </div>
    </form>
  );
}

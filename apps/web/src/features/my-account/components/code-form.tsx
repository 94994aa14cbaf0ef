import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { RECOVERY_CODE, TOTP_CODE } from '@crs/shared/schemas/identity';
import { CodeField } from '@/components/mfa/code-field';
import { BusyButton, Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { serverMessage } from '@/lib/errors';
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
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The form replaces the button that opened it: the focus goes to its field.
  useEffect(() => input.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim().toLowerCase();
    setError(null);
    if (!(TOTP_CODE.test(value) || (allowRecovery && RECOVERY_CODE.test(value)))) {
      setFieldError(IDENTITY_MSG.mfaCodeFormat);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (err) {
      setError(serverMessage(err) ?? T.mfaFailed);
      setBusy(false);
    }
  }

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

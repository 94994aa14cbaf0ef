import { useRef, useState, type FormEvent } from 'react';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { serverMessage } from '@/lib/errors';

/**
 * A second-factor code form's state and submit (issue 28), for the sign-in's second step, its
 * enrolment and the Account page's two-factor changes: the code is checked for its form first (the
 * field says so and takes the focus), then `send` gets it trimmed and lower-cased; the server's
 * refusal (or `failed`) shows under the form, which stays. Busy ends on a failure; a `send` that
 * stays on the page ends it itself (`setBusy(false)`).
 */
export function useCodeSubmit({ accepts, send, failed }: { accepts: (code: string) => boolean; send: (code: string) => Promise<void>; failed: string }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.trim().toLowerCase();
    setError(null);
    if (!accepts(value)) {
      setFieldError(IDENTITY_MSG.mfaCodeFormat);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await send(value);
    } catch (err) {
      setError(serverMessage(err) ?? failed);
      setBusy(false);
    }
  }

  return { code, setCode, fieldError, setFieldError, error, setError, busy, setBusy, input, submit };
}

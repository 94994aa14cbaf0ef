import { useEffect, useRef, useState } from 'react';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { RECOVERY_CODE, TOTP_CODE, type MfaChallengeResponse } from '@crs/shared/schemas/identity';
import { CodeField } from '@/components/mfa/code-field';
import { MFA_TEXT } from '@/components/mfa/mfa-text';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { useCodeSubmit } from '@/components/mfa/use-code-submit';
import { TotpSetupView, type TotpSetup } from '@/components/mfa/totp-setup-view';
import { BusyButton, Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import type { TokenResponse } from '@/lib/auth-api';
import { serverMessage } from '@/lib/errors';
import { confirmEnrolment, startEnrolment, verifySecondFactor, type EnrolAnswer } from '../api/second-factor';
import { SIGN_IN_TEXT as T } from '../sign-in-text';

type Props = {
  challenge: MfaChallengeResponse;
  /** The sign-in's tokens: the caller stores them (AuthContext.signIn) and moves on. */
  onDone: (answer: Pick<TokenResponse, 'token' | 'refresh' | 'refreshToken'>) => Promise<void>;
  /** Back to the password form (or the sign-in page). */
  onCancel: () => void;
};

/**
 * The second step of a sign-in that answered `mfaRequired` (issue 28), shared by the password form
 * and the identity provider's return page: a code (or a recovery code), or — when the role requires
 * a second factor the user has not set up — the enrolment, whose recovery codes show once before
 * the user continues signed in.
 */
export default function SecondFactor(props: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step replaces the form the user was in: move the focus to it so it is announced.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {MFA_TEXT.title}
      </h2>
      {props.challenge.enrolRequired ? <Enrol {...props} /> : <Verify {...props} />}
    </div>
  );
}

function Verify({ challenge, onDone, onCancel }: Props) {
  const [recovery, setRecovery] = useState(false);
  const { code, setCode, fieldError, setFieldError, error, busy, input, submit } = useCodeSubmit({
    accepts: (value) => (recovery ? RECOVERY_CODE : TOTP_CODE).test(value),
    send: async (value) => onDone(await verifySecondFactor(challenge.mfaToken, value)),
    failed: T.verifyFailed,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      {recovery ? null : <p className="text-sm text-muted-foreground">{IDENTITY_MSG.mfaRequiredToContinue}</p>}
      <CodeField key={String(recovery)} inputRef={input} value={code} onChange={setCode} error={fieldError} kind={recovery ? 'recovery' : 'app'} />
      <FormError message={error} />
      <BusyButton type="submit" busy={busy} label={T.verify} busyLabel={T.verifying} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setFieldError(null);
            // The field is remounted for the other kind of code; keep the focus in it.
            setTimeout(() => input.current?.focus(), 0);
          }}
        >
          {recovery ? T.useApp : T.useRecovery}
        </Button>
        <Button variant="link" className="h-auto px-0" onClick={onCancel}>
          {T.back}
        </Button>
      </div>
    </form>
  );
}

function Enrol({ challenge, onDone, onCancel }: Props) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<EnrolAnswer | null>(null);
  const { code, setCode, fieldError, error, setError, busy, setBusy, input, submit: confirm } = useCodeSubmit({
    accepts: (value) => TOTP_CODE.test(value),
    send: async (value) => {
      setDone(await confirmEnrolment(challenge.mfaToken, value));
      setBusy(false);
    },
    failed: T.verifyFailed,
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startEnrolment(challenge.mfaToken).then(setSetup, (e: unknown) => setError(serverMessage(e) ?? T.enrolFailed));
  }, [challenge.mfaToken, setError]);

  async function finish() {
    if (!done?.token) return;
    setBusy(true);
    try {
      await onDone({ token: done.token, refresh: done.refresh, refreshToken: done.refreshToken });
    } catch (err) {
      setError(serverMessage(err) ?? T.verifyFailed);
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="grid gap-4">
        <p role="status" className="text-sm">
          {done.message}
        </p>
        <RecoveryCodes codes={done.recoveryCodes} />
        <FormError message={error} />
        <BusyButton busy={busy} label={T.continue} busyLabel={T.continue} onClick={() => void finish()} />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">{IDENTITY_MSG.mfaEnrolRequired}</p>
      {setup ? (
        <form onSubmit={(e) => void confirm(e)} noValidate className="grid gap-4">
          <TotpSetupView setup={setup} />
          <CodeField inputRef={input} value={code} onChange={setCode} error={fieldError} />
          <FormError message={error} />
          <BusyButton type="submit" busy={busy} label={T.enrolConfirm} busyLabel={T.enrolConfirming} />
        </form>
      ) : error ? (
        <FormError message={error} />
      ) : (
        <Spinner label={T.enrolPreparing} />
      )}
      <Button variant="link" className="h-auto justify-self-start px-0 text-sm" onClick={onCancel}>
        {T.back}
      </Button>
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import type { MfaChallengeResponse } from '@crs/shared/schemas/identity';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { paths, safeRedirectPath } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { isMfaChallenge, type TokenResponse } from '@/lib/auth-api';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { exchangeProviderCode } from '../api/second-factor';
import { SIGN_IN_TEXT as T } from '../sign-in-text';
import { AUTH_TEXT } from '../texts';

const SecondFactor = lazy(() => import('./second-factor'));

/** A return path of this portal only (no `//host`, no backslash); anything else is dropped. */
export function ownPath(value: string | null): string | null {
  const path = safeRedirectPath(value);
  return path && !path.includes('\\') ? path : null;
}

type State = { kind: 'exchanging' } | { kind: 'mfa'; challenge: MfaChallengeResponse } | { kind: 'failed'; message: string };

/**
 * /login/callback (issue 28): where the server sends the browser back from the identity provider,
 * with `#code=…&returnTo=…` (or `#error=…&message=…`) in the fragment. The fragment is read once and
 * cleared from the history at once; the one-time code is exchanged for the login answer, which signs
 * in exactly as the password form does (the same token storage), through the second factor when
 * asked for it.
 */
export function ProviderCallback() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [fragment] = useState(() => new URLSearchParams(location.hash.replace(/^#/, '')));
  const code = fragment.get('code');
  // A refusal arrives in the fragment (`#error=…&message=…`); so does a missing code.
  const [state, setState] = useState<State>(() =>
    fragment.get('error') || !code ? { kind: 'failed', message: fragment.get('message') || IDENTITY_MSG.oidcSignInFailed } : { kind: 'exchanging' },
  );
  const started = useRef(false);
  const returnTo = ownPath(fragment.get('returnTo')) ?? paths.dashboard;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The one-time code must not stay in the history (back button, a shared screen).
    if (location.hash) void navigate({ pathname: location.pathname }, { replace: true });
    if (state.kind !== 'exchanging' || !code) return;
    exchangeProviderCode(code).then(
      (answer) => (isMfaChallenge(answer) ? setState({ kind: 'mfa', challenge: answer }) : finish(answer)),
      (e: unknown) => setState({ kind: 'failed', message: serverMessage(e) ?? IDENTITY_MSG.oidcSignInFailed }),
    );
    // Once, on arrival: the fragment is gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function finish(answer: Pick<TokenResponse, 'token' | 'refresh' | 'refreshToken'>) {
    try {
      await signIn(answer);
    } catch (e) {
      setState({ kind: 'failed', message: serverMessage(e) ?? IDENTITY_MSG.oidcSignInFailed });
      return;
    }
    toast.success(AUTH_TEXT.loginSuccess);
    void navigate(returnTo, { replace: true });
  }

  if (state.kind === 'mfa') {
    return (
      <Suspense fallback={null}>
        <SecondFactor challenge={state.challenge} onDone={finish} onCancel={() => void navigate(paths.login, { replace: true })} />
      </Suspense>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="grid gap-4">
        <h2 className="text-lg font-semibold">{T.callbackFailedTitle}</h2>
        <FormError message={state.message} />
        <Link to={paths.login} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {T.back}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 text-sm">
      <Spinner label={IDENTITY_MSG.oidcSigningIn} />
      <span aria-hidden="true">{IDENTITY_MSG.oidcSigningIn}</span>
    </div>
  );
}

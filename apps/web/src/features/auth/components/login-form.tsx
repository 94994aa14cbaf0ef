import { lazy, Suspense, useEffect, useState } from 'react';
import type { LoginInput } from '@crs/shared/schemas/auth';
import type { MfaChallengeResponse } from '@crs/shared/schemas/identity';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths, safeRedirectPath } from '@/config/paths';
import { preloadAuthApi, useAuth } from '@/lib/auth';
import { loginResolver, type LoginFormValues } from '../form-resolvers';
import { AUTH_TEXT } from '../texts';
import { useLightForm } from '@/lib/use-light-form';
import { fetchProviders, type PublicProvider } from '../oidc-providers';
import { usePublicSettingsOnce } from '@/lib/institution';

// Both load on demand: the second step when the server asks for it, the provider buttons when
// there is a provider (neither joins /login's first load, decision 0012).
const SecondFactor = lazy(() => import('./second-factor'));
const ProviderButtons = lazy(() => import('./provider-buttons'));

/** Where the guard sent the user from (router state `from`), if it is a same-site path. */
function originOf(state: unknown): string | null {
  if (!state || typeof state !== 'object' || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return safeRedirectPath(from);
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as { pathname: string; search?: string; hash?: string };
    return safeRedirectPath(`${pathname}${search}${hash}`);
  }
  return null;
}

export function LoginForm() {
  const publicSettings = usePublicSettingsOnce();
  const { login, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [challenge, setChallenge] = useState<MfaChallengeResponse | null>(null);
  const [providers, setProviders] = useState<PublicProvider[]>([]);
  const destination = originOf(location.state) ?? paths.dashboard;

  useEffect(() => {
    let live = true;
    void fetchProviders().then((list) => live && list.length > 0 && setProviders(list));
    return () => {
      live = false;
    };
  }, []);

  // Not react-hook-form: /login's first-load JS is measured against a bare React page (decision 0012).
  const { formRef, register, handleSubmit, errors, isSubmitting } = useLightForm<LoginFormValues, LoginInput>({
    resolver: loginResolver,
    fields: ['email', 'password'],
  });

  const preload = () => {
    loginResolver.preload();
    preloadAuthApi();
  };

  const signedIn = () => {
    toast.success(AUTH_TEXT.loginSuccess);
    navigate(destination, { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    let answer;
    try {
      answer = await login(values);
    } catch (e) {
      toast.error((await import('../login-failure')).loginFailureMessage(e));
      return;
    }
    if ('mfaRequired' in answer) setChallenge(answer);
    else signedIn();
  });

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactor
          challenge={challenge}
          onDone={async (tokens) => {
            await signIn(tokens);
            signedIn();
          }}
          onCancel={() => setChallenge(null)}
        />
      </Suspense>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} onFocus={preload} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email}>
        {(a) => <Input {...a} {...register('email')} type="email" autoComplete="email" />}
      </FormField>
      <FormField label="Password" error={errors.password}>
        {(a) => <Input {...a} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      <div className="flex justify-end text-sm">
        <Link to={paths.forgotPassword} className="text-primary underline-offset-4 hover:underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? AUTH_TEXT.loginPending : 'Login'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} className="font-medium text-primary underline-offset-4 hover:underline">
          Register
        </Link>
      </p>
      {publicSettings?.opacEnabled ? (
        <p className="text-center text-sm">
          <Link to={paths.opac} className="font-medium text-primary underline-offset-4 hover:underline">
            {AUTH_TEXT.opacLink}
          </Link>
        </p>
      ) : null}
      {providers.length > 0 ? (
        <Suspense fallback={null}>
          <ProviderButtons providers={providers} returnTo={destination} />
        </Suspense>
      ) : null}
    </form>
  );
}

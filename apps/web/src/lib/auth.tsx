import { createContext, startTransition, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginInput, RegisterInput } from '@crs/shared/schemas/auth';
import type { MfaChallengeResponse } from '@crs/shared/schemas/identity';
import type { SessionUser, TokenResponse } from './auth-api';
import { takePrefetchedSessionUser } from './session-prefetch';
import { clearTokens, getToken, migrateLegacyRefreshToken, notifySessionChange, onSessionChange, setTokens } from './tokens';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

type AuthState = { status: AuthStatus; user: SessionUser | null };

export type AuthContextValue = AuthState & {
  /** The user, or the second factor the server asks for first (issue 28): then nothing is stored yet. */
  login: (input: LoginInput) => Promise<SessionUser | MfaChallengeResponse>;
  /**
   * Ends any sign-in whose answer carries the tokens (password, second factor, provider exchange):
   * stores them as the password login does and loads the user.
   */
  signIn: (answer: Pick<TokenResponse, 'token' | 'refresh' | 'refreshToken'>) => Promise<SessionUser>;
  register: (input: RegisterInput) => Promise<{ message: string }>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The API client is loaded on first use, not with the page: a signed-out visit to /login
 * needs none of it until the form is submitted. `preloadAuthApi` warms it when a form gets focus.
 */
const loadAuthApi = () => import('./auth-api');
export function preloadAuthApi(): void {
  void loadAuthApi();
}
const getMe = async (options?: { skipAuthRedirect?: boolean }) => (await loadAuthApi()).getMe(options);
/** The start-up check: the answer main.tsx prefetched when it is a user, else a request through the API client. */
async function firstGetMe(): Promise<SessionUser> {
  const [prefetched, authApi] = await Promise.all([takePrefetchedSessionUser(), loadAuthApi()]);
  return prefetched ? authApi.normalizeUser(prefetched) : authApi.getMe({ skipAuthRedirect: true });
}
const SIGNED_OUT: AuthState = { status: 'unauthenticated', user: null };

function initialState(): AuthState {
  migrateLegacyRefreshToken();
  return getToken() ? { status: 'loading', user: null } : SIGNED_OUT;
}

/**
 * The session (spec section 4): with a stored token the user is fetched on load (failure clears the
 * tokens and signs out); without one, loading ends at once. Other tabs' sign-in and sign-out arrive
 * through the `storage` event.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    firstGetMe().then(
      // A transition, like the router's page arrival: the signed-in page this renders is large, and
      // React renders it in slices rather than one long task.
      (user) => !cancelled && startTransition(() => setState({ status: 'authenticated', user })),
      () => {
        if (cancelled) return;
        clearTokens();
        setState(SIGNED_OUT);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const hasUser = useRef(false);
  useEffect(() => {
    hasUser.current = state.user !== null;
  }, [state.user]);

  useEffect(
    () =>
      onSessionChange(() => {
        if (!getToken()) {
          setState(SIGNED_OUT);
          return;
        }
        // Signed in in another tab: pick the user up if this tab has none (a refresh elsewhere changes nothing here).
        if (hasUser.current) return;
        getMe({ skipAuthRedirect: true }).then(
          (user) => setState({ status: 'authenticated', user }),
          () => setState(SIGNED_OUT),
        );
      }),
    [],
  );

  const signIn = useCallback(async (answer: Pick<TokenResponse, 'token' | 'refresh' | 'refreshToken'>) => {
    setTokens(answer.token, answer.refreshToken ?? answer.refresh);
    const user = await getMe();
    setState({ status: 'authenticated', user });
    return user;
  }, []);

  const login = useCallback(
    async (input: LoginInput) => {
      const authApi = await loadAuthApi();
      const data = await authApi.loginRequest(input);
      return authApi.isMfaChallenge(data) ? data : signIn(data);
    },
    [signIn],
  );

  // Tokens from the register answer are not stored: the user signs in next (Teacher/Staff may be pending).
  const register = useCallback(async (input: RegisterInput) => (await loadAuthApi()).registerRequest(input), []);

  const logout = useCallback(async () => {
    try {
      await (await loadAuthApi()).logoutRequest();
    } catch (e) {
      console.warn(`Logout request failed (${e instanceof Error ? e.message : String(e)}); signing out locally.`);
    } finally {
      clearTokens();
      setState(SIGNED_OUT);
      notifySessionChange();
    }
  }, []);

  const refreshUser = useCallback(async () => {
    const user = await getMe();
    setState({ status: 'authenticated', user });
  }, []);

  const value = useMemo(() => ({ ...state, login, signIn, register, logout, refreshUser }), [state, login, signIn, register, logout, refreshUser]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const ctx = use(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** Display name (spec section 3): name, else the part of the email before the at-sign, else 'User'. */
export function displayName(user: Pick<SessionUser, 'name' | 'email'> | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'User';
}

import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { providerStartUrl, type PublicProvider } from '../oidc-providers';

/**
 * Under the password form: "or", then one "Sign in with <label>" per enabled provider, each a link
 * (a full page navigation to /api/v1/auth/oidc/{id}/start). Loaded only when there is a provider,
 * so a portal without one loads nothing more on /login.
 */
export default function ProviderButtons({ providers, returnTo }: { providers: readonly PublicProvider[]; returnTo: string }) {
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-3 text-sm text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {IDENTITY_MSG.oidcOr}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </p>
      <ul className="grid gap-2">
        {providers.map((p) => (
          <li key={p.id}>
            <a
              href={providerStartUrl(p.id, returnTo)}
              className="inline-flex h-10 w-full items-center justify-center rounded-md border border-input bg-card px-4 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              {IDENTITY_MSG.oidcSignInWith(p.label)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

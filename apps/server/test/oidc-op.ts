// A real OpenID Provider in-process for tests and the bench (issue 28 item 6): node-oidc-provider
// (OpenID-certified) on a free loopback port with its own RSA signing keys. Sign-in at the
// provider is a tiny programmatic interaction (GET /interaction/:uid/login?account=…), completed
// through the provider's own interaction API; the browser's part is fetch with a cookie jar.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK } from 'jose';
import Provider from 'oidc-provider';

export type OpAccount = { sub: string; email?: string; email_verified?: boolean; name?: string; groups?: string[] };
export type OpClient = { clientId: string; clientSecret: string; redirectUris: string[] };
type SigningKey = { privateJwk: JWK; kid: string };
/** Changes the ID token the token endpoint answers (re-signed with `key`, else the provider's key). */
export type IdTokenTamper = (claims: Record<string, unknown>) => { claims: Record<string, unknown>; key?: SigningKey };

async function newKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, kid };
}

async function sign(claims: Record<string, unknown>, key: SigningKey): Promise<string> {
  const { importJWK } = await import('jose');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(await importJWK(key.privateJwk, 'RS256'));
}

export class TestOp {
  /** Accounts by account id (tests change them: an email changed at the provider). */
  readonly accounts = new Map<string, OpAccount>();
  /** When set, the token endpoint's ID token is rewritten (another issuer, audience, nonce or key). */
  tamper: IdTokenTamper | undefined;
  /** Time the provider spent answering (ms), summed: the bench subtracts it from the sign-in's. */
  busyMs = 0;
  private key!: SigningKey;
  private provider!: Provider;

  private constructor(
    private readonly server: http.Server,
    readonly issuer: string,
    private readonly clients: OpClient[],
  ) {}

  static async start(clients: OpClient[]): Promise<TestOp> {
    let handler: http.RequestListener = (_req, res) => res.end();
    const server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const op = new TestOp(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clients);
    await op.rotateKeys();
    handler = (req, res) => {
      const t0 = performance.now();
      res.on('finish', () => (op.busyMs += performance.now() - t0));
      void op.provider.callback()(req, res);
    };
    return op;
  }

  /** A fresh signing key replaces the old one (the JWKS no longer lists the old key): a new provider instance, same issuer. */
  async rotateKeys(): Promise<void> {
    this.key = await newKey();
    this.provider = this.build();
  }

  /** Registers another client (a server whose address is known only once it runs). */
  addClient(c: OpClient): void {
    this.clients.push(c);
    this.provider = this.build();
  }

  /** A key the provider never published (for a forged token). */
  static foreignKey = newKey;

  /** Signs claims with the provider's own current key (a token it could have issued). */
  signWithOwnKey = (claims: Record<string, unknown>) => sign(claims, this.key);

  private build(): Provider {
    const accounts = this.accounts;
    const provider = new Provider(this.issuer, {
      clients: this.clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: c.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      jwks: { keys: [this.key.privateJwk] },
      cookies: { keys: ['crs-test-op-cookie-key'] },
      claims: { amr: null, openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, id) => {
        const a = accounts.get(id);
        return a ? { accountId: id, claims: () => ({ ...a }) } : undefined;
      },
      // First-party client: consent is implied, so the interaction is the login alone.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      // The browser's page of the interaction (browser tests): one field, the account id, sent to
      // the programmatic login below.
      const page = /^\/interaction\/([^/]+)$/.exec(ctx.path);
      if (page && ctx.method === 'GET') {
        ctx.type = 'html';
        ctx.body = `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main><h1>Test identity provider</h1>
<form method="get" action="/interaction/${encodeURIComponent(page[1]!)}/login"><label>Account <input name="account" autocomplete="username"></label> <button type="submit">Continue</button></form></main></body></html>`;
        return;
      }
      const login = /^\/interaction\/([^/]+)\/login$/.exec(ctx.path);
      if (login && ctx.method === 'GET') {
        const amr = typeof ctx.query.amr === 'string' ? ctx.query.amr.split(',') : undefined;
        const to = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: String(ctx.query.account), ...(amr ? { amr } : {}) } }, { mergeWithLastSubmission: false });
        ctx.status = 303;
        ctx.redirect(to);
        return;
      }
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && this.tamper && body?.id_token) {
        const out = this.tamper(decodeJwt(body.id_token) as Record<string, unknown>);
        body.id_token = await sign(out.claims, out.key ?? this.key);
      }
    });
    return provider;
  }

  /**
   * Plays the browser at the provider: follows `authUrl` through the login of `account` (with
   * `amr` when given) and answers the redirect back to the client (its callback URL with code,
   * state and iss), or whatever other URL the provider sent the browser to last.
   */
  async authorize(authUrl: string, account: string, opts: { amr?: string[] } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authUrl);
    for (let hops = 0; hops < 10; hops++) {
      if (url.origin !== this.issuer) return url;
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      await res.arrayBuffer();
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status} without a redirect at ${url.pathname}`);
      url = new URL(location, url);
      if (url.origin === this.issuer && /^\/interaction\/[^/]+$/.test(url.pathname)) {
        url = new URL(`${url.pathname}/login?account=${encodeURIComponent(account)}${opts.amr ? `&amr=${opts.amr.join(',')}` : ''}`, url);
      }
    }
    throw new Error('too many redirects at the provider');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

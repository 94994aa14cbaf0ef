import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Role } from '@crs/shared/roles';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { insertUser } from '../src/modules/users/users.service.ts';
import { assembleContext } from '../src/runtime.ts';
import type { MailOutbox } from '../src/modules/mail/mail.service.ts';
import { acquireDatabase } from './database-pool.ts';

export type { TestDb } from './database-pool.ts';

/** A migrated database for one test file (the worker's pool: test/database-pool.ts); `drop()` lets it go. */
export const freshDatabase = acquireDatabase;

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  /** Lines the mailer printed (no SMTP configured). */
  printed: string[];
  /** The mail module's outbox (the context's mail sender). */
  outbox: MailOutbox;
  dataDir: string;
  /** The test database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
};

/** The real app on a fresh database, for `app.inject`. `env` overrides configuration. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crs-app-'));
  // The rate limit is off unless a test sets it: a test file sends hundreds of requests from one
  // address in seconds (rate-limit.test.ts turns it on with its own limits).
  const config: Config = loadConfig(
    { CRS_DATA_DIR: dataDir, PUBLIC_URL: 'http://crs.test', LOG_LEVEL: 'silent', RATE_LIMIT_IP: '0', RATE_LIMIT_USER: '0', ...env },
    { persistSecret: false },
  );
  const db = await freshDatabase();
  const printed: string[] = [];
  const { ctx, outbox } = assembleContext(config, db.database, (l) => printed.push(l));
  const app = await buildApp(ctx, { logger: false, verifyResponses: true });
  await app.ready();
  return {
    app,
    ctx,
    printed,
    outbox,
    dataDir,
    databaseUrl: db.url,
    async close() {
      await app.close();
      await outbox.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${++seq}.${randomBytes(2).toString('hex')}@test.crs`;

// One argon2id hash per fixture password and worker: a hash costs ~13 ms of CPU (OWASP's
// parameters), and the factories below make thousands of accounts in a run. Each account still
// holds a real hash of its password and signs in through the real verification; only the salt
// is shared between fixture accounts of the same password (decision 0034).
const fixtureHashes = new Map<string, Promise<string>>();
const fixtureHash = (password: string) => {
  let hash = fixtureHashes.get(password);
  if (!hash) fixtureHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/** Factory: an account straight in the database (password 'secret123' unless given). */
export async function createUser(
  ctx: AppContext,
  opts: { roles?: Role[]; status?: 'active' | 'pending' | 'disabled'; email?: string; password?: string; name?: string } = {},
) {
  const password = opts.password ?? 'secret123';
  const user = await insertUser(ctx, {
    name: opts.name ?? 'Test User',
    email: opts.email ?? uniqueEmail(),
    roles: opts.roles ?? ['Student'],
    status: opts.status ?? 'active',
    passwordHash: await fixtureHash(password),
  });
  return { ...user, password };
}

/** Signs a user in through the API; returns the tokens and the user. */
export async function login(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; refreshToken: string; user: { _id: string; roles: Role[] } };
}

/** Creates a user with `roles` and signs in: `{ user, token, refreshToken, auth }`. */
export async function loginAs(t: TestApp, roles: Role[] = ['Student']) {
  const user = await createUser(t.ctx, { roles });
  const { token, refreshToken } = await login(t.app, user.email, user.password);
  return { user, token, refreshToken, auth: { authorization: `Bearer ${token}` } };
}

/** The methods the API's routes answer. */
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A request helper for `app()`: `api(method, url, headers?, payload?)` sends to `/api/v1${url}`
 * (`app` is a function so that a file can make its helper before `beforeAll` builds the app).
 */
export const apiOn =
  (app: () => FastifyInstance) =>
  (method: ApiMethod, url: string, headers: Record<string, string> = {}, payload?: InjectOptions['payload']) =>
    app().inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });

/**
 * A second server on the same database, as another process would be: on PostgreSQL its own pool
 * and LISTEN connection; on PGlite (one process per data directory) the same instance and bus.
 */
export async function createPeerApp(t: TestApp): Promise<{ app: FastifyInstance; ctx: AppContext; close(): Promise<void> }> {
  const database = t.databaseUrl ? await openDatabase({ kind: 'postgresql', url: t.databaseUrl, max: 5 }) : t.ctx.database;
  const { ctx, outbox } = assembleContext(t.ctx.config, database, () => {});
  const app = await buildApp(ctx, { logger: false, verifyResponses: true });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await outbox.stop();
      if (database !== t.ctx.database) await database.close();
    },
  };
}

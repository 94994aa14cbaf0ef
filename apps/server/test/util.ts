// Small helpers the accounts tests share: raw SQL on the test database and cheap sessions.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Role } from '@crs/shared/roles';
import type { AppContext } from '../src/context.ts';
import { queryRows } from '../src/db/client.ts';
import { sessions } from '../src/db/schema/auth.ts';
import { signAccessToken } from '../src/modules/auth/tokens.ts';

/** Rows of a raw query (both drivers answer `execute` with `{ rows }`). */
export const rows = <T = Record<string, unknown>>(ctx: AppContext, query: SQL): Promise<T[]> => queryRows<T>(ctx.db, query);

/** One value of a one-row query. */
export async function one<T = Record<string, unknown>>(ctx: AppContext, query: SQL): Promise<T> {
  const r = await rows<T>(ctx, query);
  if (r.length !== 1) throw new Error(`expected one row, got ${r.length}`);
  return r[0]!;
}

/**
 * A session and access token made straight in the database: no password hashing, so tests that
 * need many sessions (fuzzing, the route walk) stay fast. The token is a real one.
 */
export async function mintToken(ctx: AppContext, user: { id: string; roles: Role[]; tokenVersion: number }): Promise<string> {
  const [s] = await ctx.db
    .insert(sessions)
    .values({ userId: user.id, expiresAt: sql`now() + interval '1 day'`, ip: '127.0.0.1' })
    .returning({ id: sessions.id });
  return signAccessToken(ctx.config.jwtSecret, { sub: user.id, sid: s!.id, roles: user.roles, ver: user.tokenVersion }, 15 * 60);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A concrete URL for a route pattern: every `:param` becomes a random uuid, a wildcard `x`. */
export const concreteUrl = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*/g, 'x');

/** Counts rows of a table (name from our own code, never user input). */
export async function countRows(ctx: AppContext, table: string, where = 'true'): Promise<number> {
  const r = await one<{ n: number }>(ctx, sql.raw(`select count(*)::int as n from "${table}" where ${where}`));
  return r.n;
}

/**
 * A multipart body as a browser sends an upload: text `fields` first, then one file field "file"
 * (none when `content` is undefined).
 */
export function multipart(content: Buffer | string | undefined, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----crs${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (content !== undefined) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A TCP port nothing listens on now (the OS picks it), for a server process or a fake SMTP peer. */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Polls until `check` holds (a notification crossing to another server's connection), failing after 3 s. */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + 3000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the other server never saw the change');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A new data directory for a server process a test starts: on the embedded database a copy of the
 * run's migrated one (test/global-setup.ts), so the process does not migrate for ~5 CPU-s first.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = inject('pgliteDataDir');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

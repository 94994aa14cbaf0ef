import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Notifier } from '../lib/cache.ts';
import { copyRows, inlineParameters, readAhead } from './copy-binary.ts';
import type { BytesRead } from './copy-binary.ts';
import { startPgliteThread } from './pglite-thread.ts';
import type { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run queries on: the database or an open transaction. */
export type Executor = Db | Tx;

/** Rows of a raw SQL query: both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The violated constraint's name when `err` is an exclusion violation (23P01), else undefined. */
export function exclusionViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23P01') return e.constraint ?? '';
  if (e?.cause?.code === '23P01') return e.cause.constraint ?? '';
  return undefined;
}

/** The violated constraint's name when `err` is a unique violation (23505), else undefined. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return undefined;
}

/** True for a foreign-key refusal: 23503 (missing parent, NO ACTION) or 23001 (ON DELETE RESTRICT: still referenced). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return code === '23503' || code === '23001' || e?.cause?.code === '23503' || e?.cause?.code === '23001';
}

/** True for a unique-constraint violation (23505); drizzle may wrap the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}


export type Database = {
  kind: 'pglite' | 'postgresql';
  db: Db;
  notifier: Notifier;
  /** Size of the database in bytes (pg_database_size). */
  sizeBytes(): Promise<number>;
  /**
   * Runs `fn` while holding a lock no other process can take at the same time: on PostgreSQL an
   * advisory lock (`key`) on a connection of its own, so the pool's size does not matter; on PGlite,
   * which one process holds, `fn` simply runs.
   */
  exclusively<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Raw SQL for the job engine (lib/jobs, pg-boss's `db` adapter): one statement with `$n` values,
   * or, without values, several statements in one text (its schema and its locked maintenance,
   * `BEGIN; … COMMIT;`). A text that fails never leaves a transaction open on a shared session.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The first column (a bytea, never null) of each row a select answers, as Buffers, without an
   * object per row (the file store's pieces), handed out as they arrive. The answer is read into
   * memory at the database's pace (readAhead), so the select must bound its size. On PostgreSQL it
   * runs as a binary COPY (decision 0049), which takes no parameters: `values` (strings and safe
   * integers only) are inlined as quoted literals.
   */
  readBytes(text: string, values: unknown[]): BytesRead;
  close(): Promise<void>;
  /**
   * Metrics (decision 0048): `observe`, when set, hears every statement's duration in seconds
   * (on PostgreSQL each pooled connection's statements, transactions included); unset, a query
   * pays one property read.
   */
  queryTimer: { observe: ((seconds: number) => void) | undefined };
  /** The pool's connections (total, idle, callers waiting); on the embedded database, those to its thread. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** The embedded database's thread (its dump, for tests); undefined on PostgreSQL. */
  thread?: PgliteThread;
};

export type OpenOptions =
  /**
   * `thread`: an embedded database's open thread (a Database's `thread`) to serve through a Database
   * of its own: close() then ends only that Database (its connection, its bus) and leaves the thread
   * running. The tests reuse one per worker this way, reset between files (test/database-pool.ts).
   * `loadDataDir`: a dump (PGlite's dumpDataDir) to start from.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Uint8Array; thread?: PgliteThread }
  | { kind: 'postgresql'; url: string; max?: number };

/** Bytes of every file under `dir` (a file removed while counting is skipped). */
async function directoryBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.size, () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Settings every session runs with, on both databases.
 * - `synchronize_seqscans=off`: a sequential scan of a table larger than a quarter of the buffer
 *   pool otherwise starts where the last one reached, so a query that stops at a LIMIT met other
 *   rows each time. A capped catalogue search whose arm is a scan ('in', 'puter' at 100k books)
 *   answered a different page for the same request, and its page 2 did not follow its page 1
 *   (decision 0013). Synchronized scans share reads between concurrent scans of one table: the
 *   embedded database has one session, and a college's reports do not scan in parallel.
 */
const SESSION_SETTINGS: Array<[string, string]> = [['synchronize_seqscans', 'off']];

/**
 * A pool's connection string and startup `options`: SESSION_SETTINGS after any the URL carries
 * (`?options=-c statement_timeout=5000`). node-postgres lets a URL's parameters override the
 * pool's own, so a URL with `options` would otherwise drop ours; the later `-c` of a name wins.
 */
export function withSessionSettings(url: string): { connectionString: string; options: string } {
  const ours = SESSION_SETTINGS.map(([name, value]) => `-c ${name}=${value}`).join(' ');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: ours };
  }
  const theirs = parsed.searchParams.get('options');
  if (theirs === null) return { connectionString: url, options: ours };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${theirs} ${ours}` };
}

/** Opens the embedded database (under dataDir, or in memory, in a thread of its own) or a PostgreSQL pool. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === 'pglite') return openEmbedded(opts);
  const pool = new pg.Pool({ max: opts.max ?? 10, ...withSessionSettings(opts.url) });
  const notifier = createPgNotifier(opts.url);
  return poolDatabase(pool, {
    kind: 'postgresql',
    notifier,
    sizeBytes: async () => {
      const r = await pool.query<{ size: string }>('select pg_database_size(current_database())::text as size');
      return Number(r.rows[0]?.size ?? 0);
    },
    exclusively: async (key, fn) => {
      const client = new pg.Client({ connectionString: opts.url });
      // A lost connection ends its lock with it; what `fn` runs on the pool reports its own errors.
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.end(); // releases the lock with the session
      }
    },
    close: () => notifier.close(),
  });
}

/**
 * Connections to the embedded database's thread. PGlite runs one statement at a time whatever their
 * number; several let the next statements wait in the thread rather than in this one's pool, so the
 * thread goes on to the next as soon as one ends instead of waiting for this thread to send it.
 */
const EMBEDDED_CONNECTIONS = 4;

/**
 * The embedded database (decision 0056): PGlite runs in a worker thread (db/pglite-thread.ts), so
 * its wasm and its protocol work leave the event loop, and the server reaches it as it reaches
 * PostgreSQL, through node-postgres. PGlite is one session: its connections take turns by exchange
 * and by transaction (pglite-worker.mjs), each with its own prepared statements. One process holds
 * the data directory (its lock file), so an in-process bus carries notifications and `exclusively`
 * needs no lock.
 */
async function openEmbedded(opts: Extract<OpenOptions, { kind: 'pglite' }>): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const shared = opts.thread;
  const thread =
    shared ??
    (await startPgliteThread({
      dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
      loadDataDir: opts.loadDataDir,
      startParams: SESSION_SETTINGS.flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    }));
  // Connections kept while idle (a new one costs a startup exchange), not holding the process open.
  const pool = new pg.Pool({ max: EMBEDDED_CONNECTIONS, idleTimeoutMillis: 0, allowExitOnIdle: true, stream: () => thread.stream() } as pg.PoolConfig);
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return poolDatabase(pool, {
    kind: 'pglite',
    notifier: {
      publish: async (channel, payload) => void bus.emit(channel, payload),
      subscribe: (channel, fn) => void bus.on(channel, fn),
    },
    // On disk: what the data directory takes (WAL and all), as an operator's `du` would say; in memory: the catalogue's figure.
    sizeBytes: async () => {
      if (opts.dataDir) return directoryBytes(path.resolve(opts.dataDir));
      const r = await pool.query<{ size: string }>('select pg_database_size(current_database())::text as size');
      return Number(r.rows[0]?.size ?? 0);
    },
    exclusively: (_key, fn) => fn(),
    thread,
    close: async () => {
      bus.removeAllListeners();
      if (!shared) await thread.close();
    },
  });
}

type PoolParts = Pick<Database, 'kind' | 'notifier' | 'sizeBytes' | 'exclusively' | 'thread'> & {
  /** Runs after the pool has ended. */
  close(): Promise<void>;
};

/** A Database over a node-postgres pool: PostgreSQL's, or the connections to the embedded database's thread. */
function poolDatabase(pool: pg.Pool, parts: PoolParts): Database {
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  const queryTimer: Database['queryTimer'] = { observe: undefined };
  pool.on('connect', (client) => timeQueries(client, queryTimer));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    ...parts,
    db,
    queryTimer,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: async (text, values) => {
      const client = await pool.connect();
      try {
        const result = (await client.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        client.release();
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (err) {
        // A `BEGIN; …` text that failed leaves its connection inside an aborted transaction: drop it
        // (the embedded database's thread then rolls the transaction back).
        client.release(true);
        throw err;
      }
    },
    // A binary COPY, not a query: node-postgres reads results as text only, and a bytea as text is
    // hex that the server encodes and the client decodes at twice its size (docs/benchmarks/0049).
    readBytes: (text, values) =>
      readAhead(
        (async function* () {
          const copy = copyTo(`copy (${inlineParameters(text, values)}) to stdout (format binary)`);
          const client = await pool.connect();
          const started = performance.now();
          try {
            yield* copyRows(client.query(copy));
            client.release();
            queryTimer.observe?.((performance.now() - started) / 1000);
          } catch (err) {
            // A COPY cut short leaves its connection mid-answer: drop it.
            client.release(err as Error);
            throw err;
          }
        })(),
      ),
    // Idempotent: a second pool.end() would throw.
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
      await parts.close();
    },
  };
}

/**
 * Times the statements of one pooled connection for `timer.observe` (metrics), whether called
 * with a callback (the pool's own `query`) or for a promise (drizzle, transactions).
 */
function timeQueries(client: pg.PoolClient, timer: Database['queryTimer']): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const observe = timer.observe;
    if (!observe) return query(...args);
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...result);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(done) : result;
  }) as typeof client.query;
}

type PgNotifier = Notifier & { close(): Promise<void> };

/**
 * LISTEN/NOTIFY over one dedicated connection, opened on first subscribe, so every server
 * process sharing the database hears about revoked sessions within milliseconds.
 */
function createPgNotifier(url: string): PgNotifier {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const publisher = new pg.Pool({ connectionString: url, max: 1 });
  publisher.on('error', () => {});

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
      });
      c.on('error', () => {
        // Reconnect and re-listen; until then the caches' short TTL bounds staleness.
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      client = c;
      return c;
    })();
    return connecting;
  };

  return {
    async publish(channel, payload) {
      await publisher.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, fn) {
      const list = handlers.get(channel);
      if (list) {
        list.push(fn);
        return;
      }
      handlers.set(channel, [fn]);
      void connect()
        .then((c) => (c === client ? c.query(`LISTEN ${quoteIdent(channel)}`) : undefined))
        .catch(() => {});
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name: ${name}`);
  return name;
}

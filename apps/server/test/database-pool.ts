import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * The test databases of one worker, reused from file to file (decision 0034): a database a file has
 * let go is reset to the migrated state — every table emptied and the migrations' own rows and
 * sequence positions put back, schemas made since (the job engine's) dropped — before the next file
 * gets it. Opening PGlite from the migrated dump costs ~1.2 CPU-s, and on PostgreSQL every
 * `DROP DATABASE` forces a checkpoint (seconds of waiting); a reset is one statement list.
 * A file that holds two databases at once gets two; a database whose reset fails is let go.
 */
/** `empty` deletes every table's rows (one count per table at its end); `refill` puts the migrations' rows back. */
type Snapshot = { schemas: string[]; tables: string[]; empty: string; refill: string };

type Entry = {
  busy: boolean;
  snapshot: Snapshot;
  /** Runs SQL as the pool's own session (not the tests'): the last statement's rows. */
  run(text: string): Promise<Array<Record<string, unknown>>>;
  /** Runs several statements: how many rows each one changed. */
  counts(text: string): Promise<number[]>;
  /** A Database for one test file; its close() leaves the entry's database as it is. */
  open(): Promise<{ database: Database; url?: string }>;
  usable(): boolean;
  discard(): Promise<void>;
};

const KEY = Symbol.for('crs.test.database-pool');
const holder = globalThis as typeof globalThis & { [KEY]?: Entry[] };
const entries: Entry[] = (holder[KEY] ??= []);

export type TestDb = { database: Database; url?: string; drop(): Promise<void> };

/** A database in the migrated state, for one test file; `drop()` gives it back to the pool. */
export async function acquireDatabase(): Promise<TestDb> {
  let entry: Entry | undefined;
  for (const candidate of entries) {
    if (candidate.busy || !candidate.usable()) continue;
    candidate.busy = true;
    try {
      await reset(candidate);
      entry = candidate;
      break;
    } catch {
      entries.splice(entries.indexOf(candidate), 1);
      void candidate.discard().catch(() => {});
    }
  }
  if (!entry) {
    entry = await createEntry();
    entry.busy = true;
    entries.push(entry);
  }
  const { database, url } = await entry.open();
  const owner = entry;
  return {
    database,
    url,
    async drop() {
      await database.close();
      owner.busy = false;
    },
  };
}

/**
 * Puts the migrated state back. Rows are deleted rather than truncated (a TRUNCATE of every table
 * makes new files for each: ~1.2 s on PostgreSQL against ~30 ms); a table that lost many rows is
 * vacuumed, since the embedded database runs no autovacuum.
 */
async function reset(entry: Entry): Promise<void> {
  const { empty, refill, tables } = entry.snapshot;
  const extra = await extraObjects(entry);
  if (extra) await entry.run(extra);
  const deleted = (await entry.counts(empty)).slice(-tables.length);
  await entry.run(refill);
  for (const [i, table] of tables.entries()) if ((deleted[i] ?? 0) > 1000) await entry.run(`vacuum ${table}`);
}

async function createEntry(): Promise<Entry> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `${template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const dbUrl = withDatabase(url, name);
    const session = new pg.Client({ connectionString: dbUrl });
    session.on('error', () => {});
    await session.connect();
    // A connection a test left open keeps its locks: give up on this database rather than wait.
    await session.query(`set lock_timeout = '5s'`);
    let alive = true;
    session.on('end', () => (alive = false));
    const { run, counts } = statementsOf(session);
    return {
      busy: false,
      snapshot: await takeSnapshot(run),
      run,
      counts,
      open: async () => ({ database: await openDatabase({ kind: 'postgresql', url: dbUrl, max: 20 }), url: dbUrl }),
      usable: () => alive,
      // Global teardown drops every database of the run's template that is left.
      discard: () => session.end(),
    };
  }
  const owner = await openDatabase({ kind: 'pglite', loadDataDir: readFileSync(inject('pgliteDump')) });
  const thread = owner.thread!;
  // The pool's own connection to the embedded database's thread, beside the one each file's Database opens.
  const session = new pg.Client({ stream: () => thread.stream() } as pg.ClientConfig);
  session.on('error', () => {});
  await session.connect();
  const { run, counts } = statementsOf(session);
  return {
    busy: false,
    snapshot: await takeSnapshot(run),
    run,
    counts,
    open: async () => ({ database: await openDatabase({ kind: 'pglite', thread }) }),
    usable: () => thread.alive(),
    discard: async () => {
      await session.end().catch(() => {});
      await owner.close();
    },
  };
}

/** `run` and `counts` of an Entry over the pool's own session (PostgreSQL's, or a connection to PGlite's thread). */
function statementsOf(session: pg.Client): Pick<Entry, 'run' | 'counts'> {
  const all = async (text: string) => {
    const result = (await session.query(text)) as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(result) ? result : [result];
  };
  return {
    run: async (text) => ((await all(text)).at(-1)?.rows ?? []) as Array<Record<string, unknown>>,
    counts: async (text) => (await all(text)).map((r) => r.rowCount ?? 0),
  };
}

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The migrated state: schemas, tables, the rows the migrations wrote and every sequence's position. */
async function takeSnapshot(run: Entry['run']): Promise<Snapshot> {
  const schemas = (await run(`select format('%I', n.nspname) as name from pg_namespace n where ${USER_SCHEMAS} order by 1`)).map((r) => String(r.name));
  const tableRows = await run(
    `select format('%I.%I', n.nspname, c.relname) as name, c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS} order by 1`,
  );
  const tables = tableRows.map((r) => String(r.name));
  const inserts: string[] = [];
  for (const { name, oid } of tableRows) {
    const rows = String((await run(`select coalesce(json_agg(t), '[]')::text as rows from ${String(name)} t`))[0]?.rows);
    if (rows === '[]') continue;
    const columns = await run(`select format('%I', attname) as name, attidentity::text as identity from pg_attribute where attrelid = ${oid} and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`);
    const list = columns.map((c) => String(c.name)).join(', ');
    const overriding = columns.some((c) => c.identity === 'a') ? ' overriding system value' : '';
    inserts.push(`insert into ${name} (${list})${overriding} select ${list} from json_populate_recordset(null::${name}, ${literal(rows)});`);
  }
  const sequences = (await run(
    `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, (last_value is not null) as called
     from pg_sequences where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  )).map((s) => `select setval(${literal(String(s.name))}, ${String(s.value)}, ${s.called ? 'true' : 'false'});`);
  // Triggers (the audit log's append-only guard, the copies' counts) and foreign keys stay quiet
  // while the migrated state is put back; settings a test made on the embedded database's one
  // session go back to their start values.
  const empty = ['reset all;', 'set session_replication_role = replica;', ...tables.map((t) => `delete from ${t};`)].join('\n');
  const refill = [...inserts, ...sequences, 'set session_replication_role = origin;'].join('\n');
  return { schemas, tables, empty, refill };
}

/** Drops the schemas and tables made since the snapshot (the job engine's schema, say). */
async function extraObjects(entry: Entry): Promise<string> {
  const rows = await entry.run(
    `select 'schema' as kind, format('%I', n.nspname) as name from pg_namespace n where ${USER_SCHEMAS}
     union all
     select 'table', format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}`,
  );
  const { schemas, tables } = entry.snapshot;
  const extraSchemas = rows.filter((r) => r.kind === 'schema' && !schemas.includes(String(r.name)));
  const extraTables = rows.filter((r) => r.kind === 'table' && !tables.includes(String(r.name)) && !extraSchemas.some((s) => String(r.name).startsWith(`${String(s.name)}.`)));
  return [
    ...extraSchemas.map((s) => `drop schema ${String(s.name)} cascade;`),
    ...extraTables.map((t) => `drop table if exists ${String(t.name)} cascade;`),
  ].join('\n');
}

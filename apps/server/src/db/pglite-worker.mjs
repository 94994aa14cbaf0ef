// @ts-check
// The embedded database in a worker thread of its own (decision 0056; db/pglite-thread.ts is the
// other side). The server's thread speaks PostgreSQL's wire protocol to it through node-postgres,
// over a MessagePort per connection; this thread hands the protocol messages that came to PGlite as
// they are, in one call (execProtocolRawStream), so its wasm runs on another core than the event loop.
// Plain JavaScript, so the thread starts without a TypeScript loader (like lib/import/table-worker.mjs).
//
// PGlite is one session. Connections take turns, but a connection that has begun an exchange keeps
// the session until the exchange ends: until its Sync or simple Query outside a transaction block
// (an extended-protocol exchange leaves unnamed statements and portals between its messages), or to
// the end of its transaction. Named prepared statements are renamed per connection; a connection
// that goes away has its transaction rolled back and its statements deallocated.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A queued item that is not a message: the session's clean-up after a connection has gone. */
const CLEANUP = -1;

/**
 * The startup message every connection gets through, whatever its client sent: PGlite's own user and
 * database (it stops on names it does not know). Settings come with the thread's startParams.
 */
const STARTUP = startupMessage({ user: 'postgres', database: 'postgres', client_encoding: 'UTF8' });

/** @type {{ dataDir?: string; loadDataDir?: Uint8Array; startParams: string[] }} (startParams: after PGlite's defaults) */
const options = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @typedef {{ id: number; port: import('node:worker_threads').MessagePort; buffer: Uint8Array; started: boolean; out: Uint8Array[]; closed: boolean; statements: Set<string> }} Connection */
/** @type {Array<{ connection: Connection; message: Uint8Array; type: number }>} */
const queue = [];
/** The connection whose exchange or transaction is under way: only its messages run meanwhile. */
/** @type {Connection | undefined} */
let holder;
let running = false;

let db;
try {
  db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    extensions: { pg_trgm, btree_gist },
    startParams: [...PGlite.defaultStartParams, ...options.startParams],
  });
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  process.exit(1);
}
const pglite = db;

/** Open connections by the id the server's thread gave them. @type {Map<number, Connection>} */
const connections = new Map();

port.on('message', (/** @type {{ type: 'connect'; id: number; port: import('node:worker_threads').MessagePort } | { type: 'disconnect'; id: number } | { type: 'close' } | { type: 'dump' }} */ message) => {
  if (message.type === 'connect') accept(message.id, message.port);
  else if (message.type === 'disconnect') {
    const connection = connections.get(message.id);
    if (connection) drop(connection);
  }
  else if (message.type === 'close') void closeAll();
  else if (message.type === 'dump') void dump();
});
port.postMessage({ type: 'ready' });

/**
 * @param {number} id
 * @param {import('node:worker_threads').MessagePort} connectionPort
 */
function accept(id, connectionPort) {
  /** @type {Connection} */
  const connection = { id, port: connectionPort, buffer: new Uint8Array(0), started: false, out: [], closed: false, statements: new Set() };
  connections.set(id, connection);
  connectionPort.on('message', (/** @type {Uint8Array} */ bytes) => receive(connection, bytes));
  connectionPort.on('close', () => drop(connection));
}

/**
 * Splits what arrived into whole protocol messages and queues them; a message cut across two
 * arrivals waits for its rest.
 * @param {Connection} connection
 * @param {Uint8Array} bytes
 */
function receive(connection, bytes, start = true) {
  if (connection.closed) return;
  let buf = connection.buffer.length ? concat([connection.buffer, bytes]) : bytes;
  const view = () => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (;;) {
    if (!connection.started) {
      // Before startup: an SSL or cancel request (answered or ignored here), then the startup message.
      if (buf.length < 8) break;
      const length = view().getInt32(0);
      const code = view().getInt32(4);
      if (buf.length < length) break;
      buf = buf.subarray(length);
      if (code === SSL_REQUEST) connection.port.postMessage(new Uint8Array([0x4e])); // 'N': no SSL
      else if (code === PROTOCOL_3) {
        connection.started = true;
        queue.push({ connection, message: STARTUP, type: 0 });
      } else if (code !== CANCEL_REQUEST) {
        // Another protocol version (or GSS encryption): not ours to speak.
        connection.port.close();
        return;
      }
      continue;
    }
    // The whole messages that came go to PGlite in one call (it reads on to the end of its input):
    // a query's Parse, Bind, Describe, Execute and Sync arrive together. The last one's type says
    // whether the exchange ends with them.
    let end = 0;
    let type = 0;
    while (buf.length - end >= 5) {
      const length = 1 + view().getInt32(end + 1);
      if (buf.length - end < length) break;
      type = buf[end] ?? 0;
      end += length;
    }
    if (end > 0) queue.push({ connection, message: ownStatementNames(connection, buf.subarray(0, end)), type });
    buf = buf.subarray(end);
    break;
  }
  connection.buffer = buf.length ? buf.slice() : new Uint8Array(0);
  if (start) void run();
}

/** Runs queued messages one at a time, the holder's first while it holds the session. */
async function run() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      let at = holder ? queue.findIndex((q) => q.connection === holder) : 0;
      if (at < 0 || queue.length === 0) {
        if (!awaitNext()) break;
        at = holder ? queue.findIndex((q) => q.connection === holder) : 0;
        if (at < 0 || queue.length === 0) break;
      }
      const [{ connection, message, type }] = queue.splice(at, 1);
      if (type === CLEANUP) {
        await cleanUp(connection);
        holder = undefined;
        continue;
      }
      try {
        await pglite.runExclusive(() => pglite.execProtocolRawStream(message, { onRawData: (data) => connection.out.push(data.slice()) }));
      } catch (err) {
        // PGlite answers SQL errors in the protocol; a throw here is the engine failing.
        port.postMessage({ type: 'failed', message: err instanceof Error ? err.stack ?? err.message : String(err) });
        throw err;
      }
      // Ending with 'S' Sync, 'Q' Query, or the startup (0): the exchange ends with ReadyForQuery.
      const exchangeEnds = type === 0x53 || type === 0x51 || type === 0;
      holder = exchangeEnds && !pglite.isInTransaction() ? undefined : connection;
      if (!queue.some((q) => q.connection === connection)) flush(connection);
    }
  } finally {
    running = false;
  }
}

/**
 * How long the thread looks for the next statement before it sleeps (ms). A statement is often
 * followed within a fraction of a millisecond by the next of its request (a transaction's, a
 * search's), and waking a sleeping thread cost more than that on this project's virtual cores:
 * without it a desk scan (ten statements) took 3–4 ms longer than with PGlite in the server's
 * thread; with it, less (decision 0056). At most this much CPU a statement, only while busy.
 */
const SPIN_MS = 0.3;
/** Takes the next message that came in the meantime, if one comes within SPIN_MS. */
function awaitNext() {
  const until = performance.now() + SPIN_MS;
  do {
    for (const connection of connections.values()) {
      const got = receiveMessageOnPort(connection.port);
      if (got) {
        receive(connection, got.message, false);
        return true;
      }
    }
  } while (performance.now() < until);
  return false;
}

/** Sends a connection's answers so far in one message (its buffer moves, not copied). @param {Connection} connection */
function flush(connection) {
  if (connection.out.length === 0 || connection.closed) return;
  const bytes = connection.out.length === 1 ? connection.out[0] : concat(connection.out);
  connection.out = [];
  connection.port.postMessage(bytes, [bytes.buffer]);
}

/**
 * A connection has gone: what it left in the session goes with it, as a PostgreSQL session's would
 * at its end — its transaction, and the named statements it prepared (node-postgres prepares them
 * once per connection, so its successor would prepare the same names again). Done in the
 * connection's turn, so no other connection's exchange is cut. The server's thread says so on the
 * thread's own channel ('disconnect'), before it can open the successor ('connect' on the same
 * channel), so the clean-up is queued first; the port's close is the fallback.
 * @param {Connection} connection
 */
function drop(connection) {
  if (connection.closed) return;
  connection.closed = true;
  connections.delete(connection.id);
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.connection === connection) queue.splice(i, 1);
  if (connection.started) queue.push({ connection, message: new Uint8Array(0), type: CLEANUP });
  void run();
}

/** @param {Connection} connection */
async function cleanUp(connection) {
  if (pglite.isInTransaction()) await pglite.exec('rollback');
  for (const name of connection.statements) {
    try {
      await pglite.exec(`deallocate "${name.replaceAll('"', '""')}"`);
    } catch {
      // Its Parse failed: there is nothing to deallocate.
    }
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The messages of a batch with every named prepared statement renamed to the connection's own
 * (`c<id>_<name>`): PGlite is one session, and node-postgres prepares a statement once per
 * connection, so two connections preparing one name would otherwise meet ("already exists").
 * Parse ('P'), Bind ('B'), Describe and Close of a statement ('D'/'C' with 'S') carry names; the
 * unnamed statement ('') and portals are left as they are (portals end with their exchange or
 * transaction, which no other connection shares). A batch without names is passed through as it
 * is (what came is this thread's, never written to).
 * @param {Connection} connection
 * @param {Uint8Array} batch
 */
function ownStatementNames(connection, batch) {
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
  /** @type {Array<[number, number]>} where each statement name starts and ends (its NUL) */
  const names = [];
  for (let at = 0; at < batch.length; at += 1 + view.getInt32(at + 1)) {
    const type = batch[at];
    let start = -1;
    if (type === 0x50) start = at + 5; // Parse: name first
    else if (type === 0x42) start = batch.indexOf(0, at + 5) + 1; // Bind: after the portal's name
    else if ((type === 0x44 || type === 0x43) && batch[at + 5] === 0x53) start = at + 6; // Describe/Close 'S'
    if (start <= 0) continue;
    const end = batch.indexOf(0, start);
    if (end > start) names.push([start, end]);
  }
  if (names.length === 0) return batch;
  const prefix = encoder.encode(`c${connection.id}_`);
  const out = new Uint8Array(batch.length + prefix.length * names.length);
  const outView = new DataView(out.buffer);
  // Copy message by message, each name with the prefix before it, and each length grown to match.
  let from = 0;
  let to = 0;
  let n = 0;
  for (let at = 0; at < batch.length; ) {
    const length = 1 + view.getInt32(at + 1);
    const next = at + length;
    const [start, end] = names[n] ?? [-1, -1];
    if (start > at && start < next) {
      out.set(batch.subarray(from, start), to);
      to += start - from;
      out.set(prefix, to);
      to += prefix.length;
      from = start;
      outView.setInt32(to - prefix.length - (start - at) + 1, length - 1 + prefix.length);
      if (batch[at] === 0x50) connection.statements.add(`c${connection.id}_${decoder.decode(batch.subarray(start, end))}`);
      n++;
    }
    at = next;
  }
  out.set(batch.subarray(from), to);
  return out;
}

async function dump() {
  const bytes = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  port.postMessage({ type: 'dump', bytes }, [bytes.buffer]);
}

async function closeAll() {
  if (!pglite.closed) await pglite.close();
  port.postMessage({ type: 'closed' });
  port.close();
}

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** @param {Record<string, string>} parameters */
function startupMessage(parameters) {
  const body = new TextEncoder().encode(`${Object.entries(parameters).map(([k, v]) => `${k}\0${v}\0`).join('')}\0`);
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, out.length);
  view.setInt32(4, PROTOCOL_3);
  out.set(body, 8);
  return out;
}

import { Duplex } from 'node:stream';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

/** The worker's entry: plain JavaScript, so the thread starts without a TypeScript loader. */
const WORKER_ENTRY = new URL('./pglite-worker.mjs', import.meta.url);

/** `startParams` come after PGlite's defaults (`-c name=value` settings). */
export type PgliteThreadOptions = { dataDir?: string; loadDataDir?: Uint8Array; startParams: string[] };

/**
 * The embedded database running in a worker thread (pglite-worker.mjs, decision 0056): node-postgres
 * connects to it through `stream()`, a duplex over a MessagePort that carries the wire protocol.
 */
export type PgliteThread = {
  /** A new connection's stream, for node-postgres's `stream` option. */
  stream(): Duplex;
  /** The data directory as a tarball (PGlite's dumpDataDir): the tests' migrated template. */
  dump(): Promise<Uint8Array>;
  /** Whether the thread still runs. */
  alive(): boolean;
  /** Closes the database (its files flushed) and ends the thread. */
  close(): Promise<void>;
};

type WorkerMessage = { type: 'ready' } | { type: 'closed' } | { type: 'failed'; message: string } | { type: 'dump'; bytes: Uint8Array };

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  // No inherited flags: the server's `--import tsx` would load tsx's loader in the worker too.
  const worker = new Worker(WORKER_ENTRY, { execArgv: [], workerData: options });
  let failure: Error | undefined;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      exited = true;
      failure ??= new Error(`the embedded database's thread exited (${code})`);
      resolve();
    }),
  );
  worker.on('error', (err) => (failure ??= err));
  const closed = new Promise<void>((resolve) => worker.on('message', (m: WorkerMessage) => m.type === 'closed' && resolve()));
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') resolve();
      if (m.type === 'failed') reject((failure = new Error(`embedded database: ${m.message}`)));
    });
    void exit.then(() => reject(failure));
  });
  // Held only by open connections: an idle database does not keep the process alive.
  worker.unref();
  let nextConnection = 1;
  return {
    stream() {
      const { port1, port2 } = new MessageChannel();
      const id = nextConnection++;
      if (failure) queueMicrotask(() => port1.close());
      else worker.postMessage({ type: 'connect', id, port: port2 }, [port2]);
      return new PortStream(port1, () => failure, () => !exited && worker.postMessage({ type: 'disconnect', id }));
    },
    async dump() {
      const bytes = new Promise<Uint8Array>((resolve, reject) => {
        const answer = (m: WorkerMessage) => {
          if (m.type !== 'dump') return;
          worker.off('message', answer);
          resolve(m.bytes);
        };
        worker.on('message', answer);
        void exit.then(() => reject(failure));
      });
      // Held open while the dump is made: nothing else may be keeping the process alive meanwhile.
      worker.ref();
      worker.postMessage({ type: 'dump' });
      return bytes.finally(() => worker.unref());
    },
    alive: () => !exited && !failure,
    async close() {
      if (exited) return;
      worker.ref();
      worker.postMessage({ type: 'close' });
      await Promise.race([closed, exit]);
      await worker.terminate();
    },
  };
}

/**
 * A socket-like duplex over a MessagePort, as node-postgres drives one: `connect` answers at once,
 * what is written in one tick goes as one message (a query's Parse, Bind, Describe, Execute and
 * Sync), what the thread answers is pushed as it comes.
 */
class PortStream extends Duplex {
  private pending: Buffer[] = [];
  private scheduled = false;
  private hungUp = false;

  constructor(
    private readonly port: MessagePort,
    private readonly failure: () => Error | undefined,
    /** Tells the thread this connection is gone (see pglite-worker.mjs, `drop`). */
    private readonly gone: () => void,
  ) {
    super();
    port.on('message', (bytes: Uint8Array) => this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    port.on('close', () => {
      const err = this.failure();
      if (err) this.destroy(err);
      else this.push(null);
    });
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port.ref();
    return this;
  }

  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(() => this.send());
    }
    done();
  }

  private send(): void {
    this.scheduled = false;
    const parts = this.pending;
    this.pending = [];
    if (parts.length === 0) return;
    const total = parts.reduce((n, p) => n + p.length, 0);
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    this.port.postMessage(bytes, [bytes.buffer]);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.send();
    this.hangUp();
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.hangUp();
    done(err);
  }

  /** Once: the thread hears the connection is gone, then the port closes. */
  private hangUp(): void {
    if (this.hungUp) return;
    this.hungUp = true;
    this.gone();
    this.port.close();
  }
}

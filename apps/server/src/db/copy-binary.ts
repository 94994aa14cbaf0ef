// Reads the bytes of a one-column query in PostgreSQL's binary COPY format (decision 0049): the
// file store's pieces come as raw bytes instead of node-postgres' text results, where a bytea
// costs the server a hex encoding of twice its size and the client a decoding of it.
import pg from 'pg';

/** `PGCOPY\n\377\r\n\0`: the first 11 bytes of every binary COPY (PostgreSQL docs, "Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Chunks as they came off the socket, taken from the front a number of bytes at a time. */
class Pending {
  private chunks: Buffer[] = [];
  size = 0;

  push(chunk: Buffer) {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The next `n` bytes (n ≤ size): a view when one chunk holds them, else one copy. */
  take(n: number): Buffer {
    this.size -= n;
    const first = this.chunks[0];
    if (!first || n === 0) return Buffer.alloc(0);
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    for (let at = 0; at < n; ) {
      const chunk = this.chunks[0]!;
      const k = Math.min(chunk.length, n - at);
      chunk.copy(out, at, 0, k);
      at += k;
      if (k === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(k);
    }
    return out;
  }
}

/**
 * The value of each row of a binary COPY of one non-null column, in order, each as one Buffer, as
 * soon as it has come whole. The stream is read to its end (so its connection is back to normal
 * queries); data that is not a binary COPY of one column, or that ends early, throws.
 */
export async function* copyRows(copy: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const pending = new Pending();
  const source = copy[Symbol.asyncIterator]();
  const need = async (n: number) => {
    while (pending.size < n) {
      const next = await source.next();
      if (next.done) throw new Error('binary COPY: data ended early');
      pending.push(next.value);
    }
  };
  await need(SIGNATURE.length);
  if (!pending.take(SIGNATURE.length).equals(SIGNATURE)) throw new Error('binary COPY: no signature');
  await need(8);
  pending.take(4); // flags: bit 16 (OIDs) is never set by `COPY (select …)`
  const extension = pending.take(4).readUInt32BE(0);
  await need(extension);
  pending.take(extension);
  for (;;) {
    await need(2);
    const fields = pending.take(2).readInt16BE(0);
    if (fields === -1) break; // the trailer
    if (fields !== 1) throw new Error(`binary COPY: ${fields} columns, expected 1`);
    await need(4);
    const length = pending.take(4).readInt32BE(0);
    if (length < 0) throw new Error('binary COPY: a null value');
    await need(length);
    yield pending.take(length);
  }
  for (let next = await source.next(); !next.done; next = await source.next()) {
    if (next.value.length > 0) throw new Error('binary COPY: data after the trailer');
  }
}

/**
 * `text` with its `$n` placeholders replaced by literals, for COPY, which takes no parameters:
 * strings quoted by node-postgres' escapeLiteral, safe integers as digits, anything else refused.
 * Only for the code's own SQL texts (a `$` inside one of their literals would be taken too).
 */
export function inlineParameters(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = values[Number(i) - 1];
    // A negative number in parentheses: `a - $1` must not become the comment `a --1`.
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value < 0 ? `(${value})` : String(value);
    if (typeof value === 'string') return pg.escapeLiteral(value);
    throw new Error(`inlineParameters: $${i} must be a string or a safe integer`);
  });
}

/** Values being read into memory: handed out as they come; `fetched` says how many once all are in (undefined on failure). */
export type BytesRead = AsyncIterable<Buffer> & { fetched: Promise<{ rows: number; bytes: number } | undefined> };

/**
 * Reads `source` to its end at its own pace, not the consumer's, while handing its values out as
 * they come: a slow consumer (a download to a phone) never holds what produces them (a database
 * connection), and the caller bounds the memory by what it asks for. A failure reaches the consumer
 * after the values that came before it; `fetched` never rejects.
 */
export function readAhead(source: AsyncIterable<Buffer>): BytesRead {
  const queue: Buffer[] = [];
  let failure: { error: unknown } | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const fetched = (async () => {
    let rows = 0;
    let bytes = 0;
    try {
      for await (const value of source) {
        queue.push(value);
        rows++;
        bytes += value.length;
        wake?.();
      }
      return { rows, bytes };
    } catch (error) {
      failure = { error };
      return undefined;
    } finally {
      ended = true;
      wake?.();
    }
  })();
  return {
    fetched,
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const value = queue.shift();
        if (value) yield value;
        else if (failure) throw failure.error;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

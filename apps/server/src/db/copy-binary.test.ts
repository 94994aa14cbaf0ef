// Reading the file store's pieces as a binary COPY (decision 0049): real COPY output of the test
// database (PGlite's `/dev/blob`, or PostgreSQL's COPY stream) parsed however the socket cuts it,
// broken data refused, and values inlined into the COPY text arriving as they were given.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.ts';
import type { TestDb } from '../../test/helper.ts';
import { copyRows, inlineParameters, readAhead } from './copy-binary.ts';
import type { BytesRead } from './copy-binary.ts';

/** Every value of a binary COPY of one column (copyRows), read to the end. */
async function copyValues(copy: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const values: Buffer[] = [];
  for await (const value of copyRows(copy)) values.push(value);
  return values;
}

let t: TestDb;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t?.drop());

/** The raw bytes a binary COPY of `select` sends, from whichever database the tests run on. */
async function binaryCopyOf(select: string): Promise<Buffer> {
  const copy = `copy (${select}) to stdout (format binary)`;
  // A connection of its own: to PostgreSQL, or to the embedded database's thread.
  const client = new pg.Client(t.url ?? ({ stream: () => t.database.thread!.stream() } as pg.ClientConfig));
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(copy))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    await client.end();
  }
}

const all = async (read: BytesRead) => {
  const values: Buffer[] = [];
  for await (const value of read) values.push(value);
  return values;
};

/** `bytes` as a stream cut every `size` bytes. */
const cut = (bytes: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
};

describe('copyValues', () => {
  it('gives each row’s bytes whole, however the stream is cut', async () => {
    const values = [randomBytes(5000), Buffer.alloc(0), Buffer.from("it's \\ 'quoted'"), randomBytes(3)];
    const hex = values.map((v, i) => `(${i}, '\\x${v.toString('hex')}'::bytea)`).join(', ');
    const copy = await binaryCopyOf(`select b from (values ${hex}) as v(n, b) order by n`);
    for (const size of [1, 2, 5, 19, 4096, copy.length]) {
      const back = await copyValues(cut(copy, size));
      expect(back.map((b) => b.toString('hex'))).toEqual(values.map((v) => v.toString('hex')));
    }
  });

  it('refuses a COPY cut short, of two columns, with a null, or not binary', async () => {
    const one = await binaryCopyOf(`select '\\x0102'::bytea`);
    await expect(copyValues(cut(one.subarray(0, one.length - 3), 7))).rejects.toThrow(/ended early/);
    await expect(copyValues(cut(await binaryCopyOf(`select '\\x01'::bytea, '\\x02'::bytea`), 7))).rejects.toThrow(/2 columns/);
    await expect(copyValues(cut(await binaryCopyOf('select null::bytea'), 7))).rejects.toThrow(/null/);
    await expect(copyValues(cut(Buffer.from('1\t\\\\x0102\n'), 7))).rejects.toThrow(/ended early/);
    await expect(copyValues(cut(Buffer.from('1\t\\\\x0102030405060708090a\n'), 7))).rejects.toThrow(/signature/);
  });
});

describe('readBytes', () => {
  it('gives back strings and integers as they were given, quotes and backslashes included', async () => {
    const sneaky = "x'); drop table file_blobs; -- \\' \\\\ ''";
    const rows = await all(t.database.readBytes("select convert_to($1 || ':' || $2::text, 'UTF8') union all select convert_to($1, 'UTF8')", [sneaky, 42]));
    expect(rows.map((b) => b.toString())).toEqual([`${sneaky}:42`, sneaky]);
    expect(await all(t.database.readBytes('select count(*)::text::bytea from file_blobs', []))).toHaveLength(1);
  });

  it('reads the whole answer and gives its connection back while nobody consumes it', async () => {
    const read = t.database.readBytes("select decode(repeat('ab', 300000), 'hex') from generate_series(1, 8)", []);
    expect(await read.fetched).toEqual({ rows: 8, bytes: 8 * 300_000 });
    const pool = t.database.poolStats();
    expect(pool.idle).toBe(pool.total); // no connection held for the unread rows (the embedded database has one)
    expect((await all(read)).map((b) => b.length)).toEqual(Array(8).fill(300_000));
  });

  it('fails a broken select through its values, not through `fetched`', async () => {
    const read = t.database.readBytes('select bytes from no_such_table', []);
    expect(await read.fetched).toBeUndefined();
    await expect(all(read)).rejects.toThrow(/no_such_table/);
  });
});

describe('readAhead', () => {
  it('reads its source to the end before anyone asks, then hands out the values and the failure after them', async () => {
    let finished = false;
    const read = readAhead(
      (async function* () {
        yield Buffer.from('one');
        yield Buffer.alloc(0);
        yield Buffer.from('three');
        finished = true;
        throw new Error('connection lost');
      })(),
    );
    expect(await read.fetched).toBeUndefined();
    expect(finished).toBe(true);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const value of read) seen.push(value.toString());
      })(),
    ).rejects.toThrow('connection lost');
    expect(seen).toEqual(['one', '', 'three']);
  });

  it('inlines only strings and safe integers', () => {
    expect(inlineParameters('select $1, $2, $10', ["a'b", 7, 0, 0, 0, 0, 0, 0, 0, -3])).toBe("select 'a''b', 7, (-3)");
    expect(inlineParameters('select 1 - $1', [-1])).toBe('select 1 - (-1)');
    for (const bad of [1.5, 2 ** 60, null, undefined, new Date(0), Buffer.from('x')]) {
      expect(() => inlineParameters('select $1', [bad])).toThrow(/string or a safe integer/);
    }
  });
});

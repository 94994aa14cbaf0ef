import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { withLazyRequestChildren } from './request-logger.ts';

/** A pino logger like the app's (level, redaction) writing its lines into `lines`. */
function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const { time: _time, ...line } = JSON.parse(chunk.toString()) as Record<string, unknown>;
      lines.push(line);
      done();
    },
  });
  const logger = pino({ level, redact: ['req.headers.authorization'] }, stream);
  return { logger, lines };
}

const flushed = () => new Promise((r) => setImmediate(r));
const strip = (l: Record<string, unknown>) => ({ ...l, err: l.err ? { ...(l.err as object), stack: undefined } : undefined });

describe('withLazyRequestChildren (decision 0018)', () => {
  it("writes exactly the lines of pino's own child with the same bindings", async () => {
    const plain = capture('info');
    const lazy = capture('info');
    const root = withLazyRequestChildren(lazy.logger);
    for (const log of [root.child({ reqId: 'req-7' }, {}), plain.logger.child({ reqId: 'req-7' })]) {
      log.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'incoming request');
      log.error(new Error('boom'), 'failed');
      log.child({ step: 2 }).warn('nested');
    }
    await flushed();
    expect(lazy.lines).toHaveLength(3);
    expect(lazy.lines.map(strip)).toEqual(plain.lines.map(strip));
    expect(lazy.lines[0]).toMatchObject({ reqId: 'req-7', msg: 'incoming request', req: { headers: { authorization: '[Redacted]' } } });
    expect(lazy.lines[2]).toMatchObject({ reqId: 'req-7', step: 2, msg: 'nested' });
  });

  it('makes no child for lines below the level, and one (only once) for the first line written', () => {
    const { logger } = capture('warn');
    const made = vi.spyOn(Object.getPrototypeOf(logger) as Logger, 'child');
    try {
      const lazy = withLazyRequestChildren(logger).child({ reqId: 'req-8' }, {});
      lazy.info('not written');
      lazy.debug('not written');
      expect(made).not.toHaveBeenCalled();
      expect(lazy.level).toBe('warn');
      lazy.warn('written');
      lazy.error('written');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });

  it("gives pino's own child at once for a level or serializers", () => {
    const { logger } = capture('info');
    const made = vi.spyOn(Object.getPrototypeOf(logger) as Logger, 'child');
    const root = withLazyRequestChildren(logger);
    try {
      expect(root.child({ reqId: 'req-9' }, { level: 'error' }).level).toBe('error');
      root.child({}, { serializers: { x: (v: unknown) => v } });
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });

  it("is what Fastify's request lines are written with: request id, URL, a route's own level", async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: withLazyRequestChildren(logger) as FastifyBaseLogger });
    app.get('/hello', (req) => {
      req.log.info('handling');
      return { ok: true };
    });
    app.get('/quiet', { logLevel: 'warn' }, (req) => {
      req.log.info('not written');
      return { ok: true };
    });
    await app.inject({ url: '/hello' });
    await app.inject({ url: '/quiet' });
    await app.close();
    await flushed();
    const hello = lines.filter((l) => l.reqId === 'req-1');
    expect(hello.map((l) => l.msg)).toEqual(['incoming request', 'handling', 'request completed']);
    expect(hello[0]).toMatchObject({ req: { method: 'GET', url: '/hello' } });
    expect(hello[2]).toMatchObject({ res: { statusCode: 200 } });
    expect(lines.filter((l) => l.reqId === 'req-2')).toEqual([]);
  });
});

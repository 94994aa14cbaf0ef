import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './request-logger.ts';

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
  const logger = pino({ level, redact: ['req.headers.authorization'] }, stream) as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('lazyChildLogger (decision 0018)', () => {
  it('writes exactly the lines of pino child logger with the same bindings', async () => {
    const { logger, lines } = capture('info');
    const lazy = lazyChildLogger(logger, { reqId: 'req-7' }, {});
    lazy.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'incoming request');
    lazy.error(new Error('boom'), 'failed');
    logger.child({ reqId: 'req-7' }).info({ req: { headers: { authorization: 'Bearer secret' } } }, 'incoming request');
    logger.child({ reqId: 'req-7' }).error(new Error('boom'), 'failed');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(4);
    const strip = (l: Record<string, unknown>) => ({ ...l, err: l.err ? { ...(l.err as object), stack: undefined } : undefined });
    expect(strip(lines[0]!)).toEqual(strip(lines[2]!));
    expect(strip(lines[1]!)).toEqual(strip(lines[3]!));
    expect(lines[0]).toMatchObject({ reqId: 'req-7', msg: 'incoming request', req: { headers: { authorization: '[Redacted]' } } });
  });

  it('makes no child for lines below the level, and one (only once) for the first line written', () => {
    const { logger } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const lazy = lazyChildLogger(logger, { reqId: 'req-8' }, {});
    lazy.info('not written');
    lazy.debug('not written');
    expect(child).not.toHaveBeenCalled();
    expect(lazy.level).toBe('warn');
    lazy.warn('written');
    lazy.error('written');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it("gives pino's own child at once when the route sets a level", () => {
    const { logger } = capture('info');
    const lazy = lazyChildLogger(logger, { reqId: 'req-9' }, { level: 'error' });
    expect(lazy.level).toBe('error');
  });
});

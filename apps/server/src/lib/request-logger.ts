import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString, Logger } from 'pino';

type ChildMethod = (this: Logger, bindings: Bindings, options?: ChildLoggerOptions) => Logger;

/**
 * A request's logger that becomes pino's child logger (with the request id binding) only when a
 * line at an enabled level is written (decision 0018). Fastify made that child for every request,
 * ~1.5 µs of work that most requests never used at the server's default levels; the lines written
 * are exactly the child's.
 */
class RequestLogger {
  #real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly makeChild: ChildMethod,
  ) {}

  private get real(): Logger {
    return (this.#real ??= this.makeChild.call(this.parent, this.bindings));
  }

  get level(): LevelWithSilentOrString {
    return this.#real ? this.#real.level : this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real.child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#real && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  // Methods on the prototype, not arrow fields: nothing is allocated per request but the object.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

const noOptions = (options: ChildLoggerOptions | undefined) => {
  for (const _ in options) return false;
  return true;
};

/**
 * Makes `root` (pino) give lazy children for bindings alone — what Fastify asks of the app's logger
 * for every request, `log.child({ reqId }, {})` — and pino's own child at once for anything else (a
 * route's level or serializers, Fastify's instance logger). pino's children are
 * `Object.create(parent)`, so each of them inherits this `child` too. Passed to Fastify as
 * `loggerInstance` with its default child factory: a custom `childLoggerFactory` would make Fastify
 * check the methods of every request's logger (~0.6 µs a request, decision 0018).
 */
export function withLazyRequestChildren(root: Logger): Logger {
  const pinoChild = Object.getPrototypeOf(root).child as ChildMethod;
  root.child = function (this: Logger, bindings: Bindings, options?: ChildLoggerOptions) {
    if (!noOptions(options)) return pinoChild.call(this, bindings, options);
    return new RequestLogger(this, bindings, pinoChild) as unknown as Logger;
  } as unknown as Logger['child'];
  return root;
}

import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString, Logger } from 'pino';

/**
 * A request's logger, made by pino only when the request first logs something. Fastify gives
 * every request a child logger bound to its id; pino makes one by serialising the bindings
 * through the redaction (about a microsecond, a few percent of a small signed-in read), and at
 * warn most requests log nothing. What is logged, with which bindings, is the same either way.
 */
class RequestLogger {
  #child: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): Logger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return (this.#child ?? this.parent).level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made.level = level;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.made[level] as (...args: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
}

/**
 * Fastify's `childLoggerFactory`. A route with a log level of its own gets its child at once, as
 * does a logger that is not pino's (Fastify's no-op one when logging is off).
 */
export const requestLoggers: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level === undefined && typeof (logger as Partial<Logger>).isLevelEnabled === 'function'
    ? (new RequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger)
    : logger.child(bindings, options);

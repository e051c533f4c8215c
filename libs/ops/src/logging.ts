import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import pretty from 'pino-pretty';

export type LogLevelName = 'error' | 'warn' | 'log' | 'debug';
export type LogFormat = 'pretty' | 'json';

const PINO_LEVELS: Record<LogLevelName, pino.Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
};

/**
 * Nest's own start-up chatter: a line per module wired, per controller and per route mapped, per websocket
 * message subscribed. Useful when debugging the wiring, noise for a person starting the console: it is logged at
 * debug level, so `LOG_LEVEL=debug` still shows every route.
 */
const WIRING_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'WebSocketsController',
]);

/**
 * The process's root logger. `pretty`: one readable line per entry (time, level, context, message, then any
 * fields such as the data source, device or alert id); `json`: pino's one JSON object per line, for log collectors.
 */
export function createRootLogger(
  level: LogLevelName,
  format: LogFormat,
  destination?: DestinationStream,
): Pino {
  const options: pino.LoggerOptions = { level: PINO_LEVELS[level], base: { pid: process.pid } };
  if (format === 'json') return pino(options, destination ?? pino.destination({ sync: true }));
  const stream = pretty({
    colorize: destination === undefined && process.stdout.isTTY === true,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
    ignore: 'pid,hostname,context',
    messageFormat: '{if context}[{context}] {end}{msg}',
    ...(destination ? { destination } : {}),
  });
  return pino(options, stream);
}

type Method = 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's logger interface on pino. Nest passes the context last (`log(message, context)`,
 * `error(message, stack, context)`); an object message is logged with its fields
 * (`logger.log({ msg: 'Connected', dataSourceId })`), an Error with its stack.
 */
class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(method: Method, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const level =
      method === 'info' && context !== undefined && WIRING_CONTEXTS.has(context) ? 'debug' : method;
    const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) {
      this.root[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...fields } = message as Record<string, unknown>;
      this.root[level](
        { context, ...fields, ...(stack ? { stack } : {}) },
        typeof msg === 'string' ? msg : '',
      );
    } else {
      this.root[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}

/** The logger every Nest application of this product uses (`NestFactory.create(..., { logger })`). */
export function nestLogger(root: Pino): LoggerService {
  return new PinoNestLogger(root);
}

import { Logger } from '@nestjs/common';
import { logLevel, type LogEntry, type logCreator } from 'kafkajs';

/** Where the Kafka adapter and its client write: the process's logger (Nest's `Logger`, on pino in every process). */
export interface PacketLogLogger {
  error(message: string): void;
  warn(message: string): void;
  log(message: string): void;
  debug(message: string): void;
}

/** The process's logger, context "Kafka". */
export function defaultKafkaLogger(): PacketLogLogger {
  return new Logger('Kafka');
}

export type LogLevelName = 'error' | 'warn' | 'log' | 'debug';

/** The fields of a kafkajs log entry this module reads. */
export interface KafkaLogLine {
  namespace: string;
  level: logLevel;
  message: string;
  /** The error text kafkajs adds to a failed request or connection. */
  error?: string;
}

/** Errors of requests answered while a group rebalances: every member re-joins, nothing is wrong. */
const REBALANCE = [
  /rebalanc/i,
  /not aware of this member/i,
  /generation id is not valid/i,
  /needs to have a valid member id/i,
  /member id .* not valid|unknown member/i,
];

/**
 * Errors the client survives by itself: a broker restarting or unreachable for a while, a partition's leader or a
 * group's coordinator moving, too few replicas in sync for a moment. It retries, reconnects or restarts the consumer.
 */
const TRANSIENT = [
  /connection (error|timeout|closed)|closed connection|ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/i,
  /KafkaJSConnection(Closed)?Error|KafkaJSRequestTimeoutError|KafkaJSNumberOfRetriesExceeded/,
  /not the leader|no leader|leadership election|leader not available|not leader/i,
  /not the correct coordinator|coordinator is (not available|loading)|coordinator not available/i,
  /does not host this topic-partition|unknown topic or partition/i,
  /fewer in-sync replicas|not enough replicas/i,
  /request timed out|timed out/i,
  /failed to connect to (seed )?broker/i,
];

const matches = (patterns: RegExp[], text: string): boolean => patterns.some((pattern) => pattern.test(text));

/**
 * The level a kafkajs entry is logged at here. kafkajs logs at error what happens in ordinary operation (a consumer
 * group rebalancing, a broker restarting that the client reconnects to, a leader moving): those are logged at info
 * (a rebalance) or warn (the rest), with the consumer's restart after such a crash. What is left of kafkajs' errors
 * (refused credentials, a request Kafka refuses for good, an unexpected crash) stays at error. kafkajs' warning that
 * its default partitioner changed is irrelevant (every message names its partition) and goes to debug.
 */
export function kafkaLogLevel(line: KafkaLogLine): LogLevelName {
  const text = `${line.message} ${line.error ?? ''}`;
  if (line.level === logLevel.ERROR || line.level === logLevel.WARN) {
    if (matches(REBALANCE, text)) return 'log';
    // Notices of choices made on purpose: every message names its partition, and the producer's retries are
    // bounded so that an outage refuses appends instead of holding them (KafkaPacketLog, sendRetries).
    if (line.level === logLevel.WARN)
      return /default partitioner|Limiting retries for the idempotent producer/i.test(text)
        ? 'debug'
        : 'warn';
    if (matches(TRANSIENT, text)) return 'warn';
    // Said after a crash kafkajs judged retriable: the client carries on by itself.
    if (line.namespace === 'Consumer' && /^Restarting the consumer/.test(line.message)) return 'warn';
    if (line.namespace === 'ConsumerGroup' && /offset out of range/i.test(line.message)) return 'warn';
    return 'error';
  }
  return line.level === logLevel.INFO ? 'log' : 'debug';
}

/** One line of text for an entry: `[namespace] message: error (broker …, group …)`. */
export function kafkaLogText(entry: LogEntry): string {
  const { message, error, broker, groupId } = entry.log as {
    message: string;
    error?: unknown;
    broker?: unknown;
    groupId?: unknown;
  };
  const where = [
    typeof broker === 'string' ? `broker ${broker}` : null,
    typeof groupId === 'string' ? `group ${groupId}` : null,
  ].filter((part) => part !== null);
  return (
    `[${entry.namespace}] ${message}` +
    (typeof error === 'string' && error !== '' ? `: ${error}` : '') +
    (where.length > 0 ? ` (${where.join(', ')})` : '')
  );
}

/** A kafkajs `logCreator` writing through the given logger, at the levels of kafkaLogLevel. */
export function kafkaLogCreator(logger: PacketLogLogger): logCreator {
  return () => (entry) => {
    const error = (entry.log as { error?: unknown }).error;
    const level = kafkaLogLevel({
      namespace: entry.namespace,
      level: entry.level,
      message: entry.log.message,
      ...(typeof error === 'string' ? { error } : {}),
    });
    logger[level](kafkaLogText(entry));
  };
}

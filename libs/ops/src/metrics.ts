import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { ConsumerHealth } from './supervision';

/** Prometheus metrics of the process; one registry per app instance (tests start several). */
export class Metrics {
  readonly registry = new Registry();
  readonly messagesReceived = this.counter(
    'lorawatch_collector_messages_total',
    'MQTT messages received by collectors',
    ['data_source'],
  );
  readonly messagesMalformed = this.counter(
    'lorawatch_collector_malformed_total',
    'Messages rejected as malformed (counted, logged, skipped)',
    ['data_source'],
  );
  readonly packetsAppended = this.counter(
    'lorawatch_packets_appended_total',
    'Packets appended to the packet log',
  );
  readonly packetLogRejected = this.counter(
    'lorawatch_packet_log_rejected_total',
    'Records on the packet topic that are neither packets nor heartbeats, skipped (and committed past) by a consumer',
  );
  readonly packetsDetected = this.counter(
    'lorawatch_detector_packets_total',
    'Packets processed by the detectors',
  );
  readonly alertsRaised = this.counter('lorawatch_alerts_raised_total', 'Alerts raised by the detectors', [
    'code',
  ]);
  readonly projectionPosition = this.gauge(
    'lorawatch_projection_position',
    'Last event position applied by each projection',
    ['projection'],
  );
  readonly projectionLag = this.gauge(
    'lorawatch_projection_lag',
    'How far each read model is behind the event store head (events on the embedded store, positions on KurrentDB)',
    ['projection'],
  );
  readonly eventStoreHead = this.gauge(
    'lorawatch_event_store_head_position',
    'Position of the newest event in the event store',
  );
  readonly detectorLag = this.gauge(
    'lorawatch_detector_lag',
    'Packets appended but not yet processed by the detectors, per partition',
    ['partition'],
  );

  readonly keyAuditLag = this.gauge(
    'lorawatch_key_audit_lag',
    'Packets appended but not yet checked by the AppKey audit, per partition',
    ['partition'],
  );
  readonly keyAuditQueueDepth = this.gauge(
    'lorawatch_key_audit_queue_depth',
    'Join requests and join accepts waiting in the AppKey audit queue',
  );
  readonly keyAuditTrials = this.counter(
    'lorawatch_key_audit_trials_total',
    'Candidate AppKeys tried by the audit (rate() gives trials per second)',
  );
  readonly keyAuditsDone = this.counter(
    'lorawatch_key_audits_done_total',
    'AppKey audit jobs finished (state and alerts committed)',
  );
  readonly keyAuditsFailed = this.counter(
    'lorawatch_key_audits_failed_total',
    'AppKey audit jobs given up after their search failed twice (a crashed worker thread)',
  );
  readonly keyAuditsDropped = this.counter(
    'lorawatch_key_audits_dropped_total',
    'AppKey audit jobs dropped unaudited because the queue was full',
  );
  readonly httpUnexpectedErrors = this.counter(
    'lorawatch_http_unexpected_errors_total',
    'Requests that failed with an unexpected error (answered 500 with a generic message, logged)',
  );

  readonly consumerRestarts = this.counter(
    'lorawatch_consumer_restarts_total',
    'Consumers and subscriptions started again after their handler failed, per group or projection',
    ['group'],
  );
  readonly poisonRecords = this.counter(
    'lorawatch_poison_records_total',
    'Records set aside (skipped) after failing every attempt, per group or projection',
    ['group'],
  );
  readonly consumersDown = this.gauge(
    'lorawatch_consumer_down',
    'Consumers and subscriptions stopped on an error and waiting for their restart (1), per group or projection',
    ['group'],
  );
  readonly checkpointsFenced = this.counter(
    'lorawatch_checkpoint_fenced_total',
    'Batches whose checkpoint commit was refused because another replica had moved the checkpoint on since it was read (read again from it), per consumer',
    ['consumer'],
  );
  /** The consumers and subscriptions that are down now (/health) and their restart, set-aside and fencing counters. */
  readonly consumers = new ConsumerHealth(
    this.consumerRestarts,
    this.poisonRecords,
    this.consumersDown,
    this.checkpointsFenced,
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  private counter<Label extends string = never>(
    name: string,
    help: string,
    labelNames: readonly Label[] = [],
  ): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge<Label extends string = never>(
    name: string,
    help: string,
    labelNames: readonly Label[] = [],
  ): Gauge<Label> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }
}

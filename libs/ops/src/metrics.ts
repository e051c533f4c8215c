import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { ConsumerHealth } from './supervision';

/** Prometheus metrics of the process; one registry per app instance (tests start several). */
export class Metrics {
  readonly registry = new Registry();
  readonly messagesReceived = new Counter({
    name: 'lorawatch_collector_messages_total',
    help: 'MQTT messages received by collectors',
    labelNames: ['data_source'],
    registers: [this.registry],
  });
  readonly messagesMalformed = new Counter({
    name: 'lorawatch_collector_malformed_total',
    help: 'Messages rejected as malformed (counted, logged, skipped)',
    labelNames: ['data_source'],
    registers: [this.registry],
  });
  readonly packetsAppended = new Counter({
    name: 'lorawatch_packets_appended_total',
    help: 'Packets appended to the packet log',
    registers: [this.registry],
  });
  readonly packetLogRejected = new Counter({
    name: 'lorawatch_packet_log_rejected_total',
    help: 'Records on the packet topic that are neither packets nor heartbeats, skipped (and committed past) by a consumer',
    registers: [this.registry],
  });
  readonly packetsDetected = new Counter({
    name: 'lorawatch_detector_packets_total',
    help: 'Packets processed by the detectors',
    registers: [this.registry],
  });
  readonly alertsRaised = new Counter({
    name: 'lorawatch_alerts_raised_total',
    help: 'Alerts raised by the detectors',
    labelNames: ['code'],
    registers: [this.registry],
  });
  readonly projectionPosition = new Gauge({
    name: 'lorawatch_projection_position',
    help: 'Last event position applied by each projection',
    labelNames: ['projection'],
    registers: [this.registry],
  });
  readonly projectionLag = new Gauge({
    name: 'lorawatch_projection_lag',
    help: 'How far each read model is behind the event store head (events on the embedded store, positions on KurrentDB)',
    labelNames: ['projection'],
    registers: [this.registry],
  });
  readonly eventStoreHead = new Gauge({
    name: 'lorawatch_event_store_head_position',
    help: 'Position of the newest event in the event store',
    registers: [this.registry],
  });
  readonly detectorLag = new Gauge({
    name: 'lorawatch_detector_lag',
    help: 'Packets appended but not yet processed by the detectors, per partition',
    labelNames: ['partition'],
    registers: [this.registry],
  });

  readonly keyAuditLag = new Gauge({
    name: 'lorawatch_key_audit_lag',
    help: 'Packets appended but not yet checked by the AppKey audit, per partition',
    labelNames: ['partition'],
    registers: [this.registry],
  });
  readonly keyAuditQueueDepth = new Gauge({
    name: 'lorawatch_key_audit_queue_depth',
    help: 'Join requests and join accepts waiting in the AppKey audit queue',
    registers: [this.registry],
  });
  readonly keyAuditTrials = new Counter({
    name: 'lorawatch_key_audit_trials_total',
    help: 'Candidate AppKeys tried by the audit (rate() gives trials per second)',
    registers: [this.registry],
  });
  readonly keyAuditsDone = new Counter({
    name: 'lorawatch_key_audits_done_total',
    help: 'AppKey audit jobs finished (state and alerts committed)',
    registers: [this.registry],
  });
  readonly keyAuditsFailed = new Counter({
    name: 'lorawatch_key_audits_failed_total',
    help: 'AppKey audit jobs given up after their search failed twice (a crashed worker thread)',
    registers: [this.registry],
  });
  readonly keyAuditsDropped = new Counter({
    name: 'lorawatch_key_audits_dropped_total',
    help: 'AppKey audit jobs dropped unaudited because the queue was full',
    registers: [this.registry],
  });
  readonly httpUnexpectedErrors = new Counter({
    name: 'lorawatch_http_unexpected_errors_total',
    help: 'Requests that failed with an unexpected error (answered 500 with a generic message, logged)',
    registers: [this.registry],
  });

  readonly consumerRestarts = new Counter({
    name: 'lorawatch_consumer_restarts_total',
    help: 'Consumers and subscriptions started again after their handler failed, per group or projection',
    labelNames: ['group'],
    registers: [this.registry],
  });
  readonly poisonRecords = new Counter({
    name: 'lorawatch_poison_records_total',
    help: 'Records set aside (skipped) after failing every attempt, per group or projection',
    labelNames: ['group'],
    registers: [this.registry],
  });
  readonly consumersDown = new Gauge({
    name: 'lorawatch_consumer_down',
    help: 'Consumers and subscriptions stopped on an error and waiting for their restart (1), per group or projection',
    labelNames: ['group'],
    registers: [this.registry],
  });
  readonly checkpointsFenced = new Counter({
    name: 'lorawatch_checkpoint_fenced_total',
    help: 'Batches whose checkpoint commit was refused because another replica had moved the checkpoint on since it was read (read again from it), per consumer',
    labelNames: ['consumer'],
    registers: [this.registry],
  });
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
}

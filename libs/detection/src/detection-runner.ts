import { Logger } from '@nestjs/common';
import type { AlertDraft } from '@lorawatch/domain/alert';
import {
  detect,
  type DataSourceDetectionState,
  type DeviceDetectionState,
  type GatewayDetectionState,
} from '@lorawatch/detectors/detect';
import { AlertEventTypes } from '@lorawatch/alerts/alert.events';
import { type EventStore, WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import type { Metrics } from '@lorawatch/ops/metrics';
import type { Consumer, PacketLog, PacketRecord } from '@lorawatch/packet-log/packet-log.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { dataSourceStateKey, deviceStateKey, gatewayStateKey } from '@lorawatch/detectors/state-keys';
import {
  DATA_SOURCE_ACTIVITY,
  type DataSourceActivity,
} from '@lorawatch/data-sources/projection/data-source-activity';
import type { PolicyProvider } from './policy-provider';

/** Document ids of the detector_state collection: one namespace per kind of state. */
const prefixed = (kind: string, key: string | null): string | null =>
  key === null ? null : `${kind}:${key}`;

interface StateDoc {
  id: string;
  state: unknown;
}

const DETECTOR_STATE = { name: 'detector_state' };
export const DETECTOR_GROUP = 'detectors';
/** Lets packets gather into batches: one state commit per batch instead of one per packet, for ~10 ms of latency. */
const DETECTOR_LINGER_MS = 10;

/** Name of the read-store checkpoint holding a partition's next offset (committed with the detector state). */
export const detectorCheckpoint = (partition: number): string => `detectors-p${partition}`;

/**
 * Feeds packets from the packet log through the detector sagas. Per partition batch: alerts are appended
 * (idempotent: deterministic ids, streams created with no_stream), then the sagas' state and the partition's
 * next offset are committed in one transaction. A crash in between re-runs the batch from the committed state,
 * which yields the same alerts, so none is lost or doubled.
 */
export class DetectionRunner {
  private readonly logger = new Logger('Detection');
  private readonly cache = new Map<string, unknown>();
  private consumer: Consumer | null = null;

  constructor(
    private readonly packets: PacketLog,
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly policies: PolicyProvider,
    private readonly metrics: Metrics,
    private readonly partitions?: number[],
  ) {
    store.collection<StateDoc>(DETECTOR_STATE);
    store.collection<DataSourceActivity>(DATA_SOURCE_ACTIVITY);
  }

  start(): void {
    this.consumer = this.packets.consume(
      { group: DETECTOR_GROUP, partitions: this.partitions, lingerMs: DETECTOR_LINGER_MS },
      (batch, { partition }) => this.handleBatch(batch, partition),
    );
  }

  async drained(): Promise<void> {
    await this.consumer?.drained();
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = null;
  }

  private async handleBatch(batch: PacketRecord[], partition: number): Promise<void> {
    const checkpoint = detectorCheckpoint(partition);
    const next = await this.store.checkpoint(checkpoint);
    const pending = batch.filter((record) => record.offset >= next);
    if (pending.length === 0) return;
    const dirty = new Map<string, unknown>();
    for (const record of pending) {
      const { packet } = record;
      const deviceKey = prefixed('device', deviceStateKey(packet));
      const gatewayKey = prefixed('gateway', gatewayStateKey(packet));
      const sourceKey = `datasource:${dataSourceStateKey(packet)}`;
      const result = detect({
        device: deviceKey
          ? ((await this.state(deviceKey, dirty)) as DeviceDetectionState | undefined)
          : undefined,
        gateway: gatewayKey
          ? ((await this.state(gatewayKey, dirty)) as GatewayDetectionState | undefined)
          : undefined,
        dataSource: (await this.state(sourceKey, dirty)) as DataSourceDetectionState | undefined,
        packet,
        policy: await this.policies.forDataSource(packet.dataSourceId),
      });
      if (deviceKey && result.device) dirty.set(deviceKey, result.device);
      if (gatewayKey && result.gateway) dirty.set(gatewayKey, result.gateway);
      if (result.dataSource) dirty.set(sourceKey, result.dataSource);
      for (const alert of result.alerts) await this.raise(alert);
    }
    const ops: WriteOp[] = [...dirty].map(([id, state]) => ({
      op: 'upsert',
      collection: DETECTOR_STATE.name,
      doc: { id, state },
    }));
    ops.push(...activityOps(pending));
    await this.store.commit(ops, { name: checkpoint, position: pending[pending.length - 1].offset + 1 });
    for (const [key, state] of dirty) this.cache.set(key, state);
    if (this.cache.size > 200_000) this.cache.clear();
    this.metrics.packetsDetected.inc(pending.length);
  }

  private async state(key: string, dirty: Map<string, unknown>): Promise<unknown> {
    if (dirty.has(key)) return dirty.get(key);
    if (this.cache.has(key)) return this.cache.get(key);
    const doc = await this.store.collection<StateDoc>(DETECTOR_STATE).get(key);
    return doc?.state;
  }

  private async raise(alert: AlertDraft): Promise<void> {
    const who = { organizationId: alert.organizationId, actor: 'detector', correlationId: alert.packet.id };
    try {
      await this.events.append(
        `alert-${alert.id}`,
        [envelope(AlertEventTypes.Raised, alert, who, alert.createdAt, deterministicUuid(alert.id))],
        'no_stream',
      );
      this.metrics.alertsRaised.inc({ code: alert.code });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      this.logger.debug(`Alert ${alert.id} was already raised`);
    }
  }
}

/** The newest packet of each data source in the batch ("last message" of the data-source screens). */
function activityOps(records: PacketRecord[]): WriteOp[] {
  const newest = new Map<number, DataSourceActivity>();
  for (const { packet } of records) {
    const known = newest.get(packet.dataSourceId);
    if (!known || packet.receivedAt > known.lastPacketAt) {
      newest.set(packet.dataSourceId, {
        id: String(packet.dataSourceId),
        dataSourceId: packet.dataSourceId,
        organizationId: packet.organizationId,
        lastPacketAt: packet.receivedAt,
      });
    }
  }
  return [...newest.values()].map((doc) => ({ op: 'upsert', collection: DATA_SOURCE_ACTIVITY.name, doc }));
}

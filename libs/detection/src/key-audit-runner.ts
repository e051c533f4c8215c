import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { auditJoinKeys } from '@lorawatch/detectors/app-keys/audit-join-keys';
import { initialKeyAuditState, type KeyAuditState } from '@lorawatch/detectors/app-keys/key-audit-state';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import { isAlertCode } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import type { Metrics } from '@lorawatch/ops/metrics';
import type { Consumer, PacketLog, PacketRecord } from '@lorawatch/packet-log/packet-log.port';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { DetectorOutput } from './detector-output';
import type { PolicyProvider } from './policy-provider';

export const KEY_AUDIT_GROUP = 'key-audit';
/** Read-store checkpoint holding a partition's next offset for the key audit (committed with its state). */
export const keyAuditCheckpoint = (partition: number): string => `key-audit-p${partition}`;

interface KeyAuditDoc {
  id: string;
  state: KeyAuditState;
}
const KEY_AUDIT_STATE = { name: 'key_audit_state' };
const stateId = (packet: Packet): string => `${packet.dataSourceId}:${packet.devEui ?? ''}`;

export interface KeyAuditRunnerOptions {
  packets: PacketLog;
  events: EventStore;
  store: ReadStore;
  policies: PolicyProvider;
  organizationKeys: OrganizationAppKeys;
  metrics: Metrics;
  partitions?: number[];
  /**
   * Told of each LAF-009 condition that cleared (the key no longer verifies), after it is recorded for the issue
   * tracker and before the batch is committed: at least once, with the same deterministic id.
   */
  onCleared?: (clearance: IssueClearance) => Promise<void> | void;
}

/**
 * Runs the weak-AppKey audit (LAF-008 / LAF-009) over the packet log in its own consumer group, as the original's
 * separate bruteforcer did: a first search costs ≈ 0.1 s of CPU, and the other detectors' group does not wait
 * for it. Only join requests and attributed join accepts matter. Per batch: alerts are appended (deterministic
 * ids, streams created with no_stream), then the devices' audit state and the partition's next offset are
 * committed together, so a crash re-runs the batch from the committed state and yields the same alerts.
 */
export class KeyAuditRunner {
  private readonly output: DetectorOutput;
  private consumer: Consumer | null = null;

  constructor(private readonly options: KeyAuditRunnerOptions) {
    options.store.collection<KeyAuditDoc>(KEY_AUDIT_STATE);
    this.output = new DetectorOutput(options.events, options.metrics);
  }

  start(): void {
    this.consumer = this.options.packets.consume(
      { group: KEY_AUDIT_GROUP, partitions: this.options.partitions },
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
    const { store, policies, organizationKeys } = this.options;
    const checkpoint = keyAuditCheckpoint(partition);
    const next = await store.checkpoint(checkpoint);
    const pending = batch.filter((record) => record.offset >= next);
    if (pending.length === 0) return;
    const dirty = new Map<string, KeyAuditState>();
    for (const { packet } of pending) {
      if (!isAudited(packet)) continue;
      const policy = await policies.forDataSource(packet.dataSourceId);
      // The search is the costliest thing the server does: skip it entirely when nobody wants its alerts.
      if (!policy.isEnabled('LAF-008') && !policy.isEnabled('LAF-009')) continue;
      const id = stateId(packet);
      const state = dirty.get(id) ?? (await this.storedState(id));
      const step = auditJoinKeys(state, {
        packet,
        policy,
        devAddr: packet.devAddr,
        organizationKeys: await organizationKeys.forOrganization(packet.organizationId),
      });
      dirty.set(id, step.state);
      for (const alert of step.alerts) {
        if (isAlertCode(alert.code) && policy.isEnabled(alert.code)) await this.output.raise(alert);
      }
      for (const cleared of step.cleared) {
        await this.output.clear(cleared);
        await this.options.onCleared?.(cleared);
      }
    }
    const ops: WriteOp[] = [...dirty].map(([id, state]) => ({
      op: 'upsert',
      collection: KEY_AUDIT_STATE.name,
      doc: { id, state },
    }));
    await store.commit(ops, { name: checkpoint, position: pending[pending.length - 1].offset + 1 });
  }

  private async storedState(id: string): Promise<KeyAuditState> {
    const doc = await this.options.store.collection<KeyAuditDoc>(KEY_AUDIT_STATE).get(id);
    return doc?.state ?? initialKeyAuditState();
  }
}

/** Join requests of a known DevEUI, and join accepts the ingest attributed to the device they answer. */
function isAudited(packet: Packet): boolean {
  if (packet.devEui === null) return false;
  return packet.mType === 'JoinRequest' || (packet.mType === 'JoinAccept' && packet.devEuiInferred);
}

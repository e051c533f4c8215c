import {
  RECENT_PACKET_CURSORS,
  RECENT_PACKETS,
  TRAFFIC_COLLECTIONS,
  TRAFFIC_GROUP,
  trafficCheckpoint,
} from '@lorawatch/dashboard';
import { DATA_SOURCE_ACTIVITY } from '@lorawatch/domain/data-source-activity';
import {
  DETECTOR_GROUP,
  detectorCheckpoint,
  detectorJudgedCheckpoint,
} from '@lorawatch/detection/detection-runner';
import { KEY_AUDIT_DEVICE_FENCE_PREFIX } from '@lorawatch/detection/key-audit/key-audit-dispatcher';
import { KEY_AUDIT_QUEUE } from '@lorawatch/detection/key-audit/key-audit-queue';
import { KEY_AUDIT_GROUP, keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import { DETECTION_OUTBOX } from '@lorawatch/detection/detection-outbox';
import { DISCOVERY_PENDING } from '@lorawatch/detection/discovery-pending';
import { GATEWAY_PENDING } from '@lorawatch/detection/gateway-packets';
import { SILENCE_WATCH } from '@lorawatch/detection/silence-watch';
import { ISSUE_TRACKER_CHECKPOINT, TRACKED_ISSUES } from '@lorawatch/issues/tracker/issue-tracker';
import { NOTIFICATIONS_CHECKPOINT } from '@lorawatch/notifications/notifications.worker';
import { SET_ASIDE_RECORDS } from '@lorawatch/ops/set-aside-records';
import { PROJECTOR_POSITION } from '@lorawatch/processes/projector-progress';
import type { Projection } from '@lorawatch/projections/projection';
import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/**
 * Everything in the read store that projections do not write, found by reading its writers (the ReadStore port
 * cannot list collections or checkpoints). A migration copies these as they are, with their checkpoints
 * translated; projections' read models are rebuilt from the copied events instead. The catalogue unit spec scans
 * the sources and fails when a collection or a checkpoint appears that is listed neither here nor in a projection.
 */

/** Module-private in detection-runner.ts and key-audit-dispatcher.ts; same names and (no) indexes. */
const DETECTOR_STATE: CollectionSpec = { name: 'detector_state' };
const KEY_AUDIT_STATE: CollectionSpec = { name: 'key_audit_state' };

/** Written by the detectors (the inventory is projected from their asset events), the key audit, the traffic counters and the issue tracker; copied document by document. */
export const COPIED_COLLECTIONS: CollectionSpec[] = [
  DETECTOR_STATE,
  // Gateway packets and devices discovered, detected but not yet folded, committed with the detector offsets.
  GATEWAY_PENDING,
  DISCOVERY_PENDING,
  // Detector output committed with the detector offsets and not yet appended (none at rest): the target's detector
  // appends it at its start, once (what the copied events already hold counts as appended).
  DETECTION_OUTBOX,
  SILENCE_WATCH,
  DATA_SOURCE_ACTIVITY,
  KEY_AUDIT_STATE,
  KEY_AUDIT_QUEUE,
  TRACKED_ISSUES,
  ...TRAFFIC_COLLECTIONS,
  RECENT_PACKETS,
  RECENT_PACKET_CURSORS,
  // Packets set aside after repeated failures, by consumer group, partition and offset.
  SET_ASIDE_RECORDS,
];

/** Checkpoints holding a partition's next packet-log offset, committed with the documents above. */
export const OFFSET_CHECKPOINTS: Array<(partition: number) => string> = [
  detectorCheckpoint,
  keyAuditCheckpoint,
  trafficCheckpoint,
];

/**
 * Checkpoints that only count commits, so that two replicas' commits that read the same state fence each other: the
 * detectors' judged counters (per partition) and the key audit's step counters (per device, named by this prefix).
 * They hold neither an offset nor a position: not copied, the target's start at 0 (no replica commits during a
 * migration, and a count that starts again fences as well as one carried over).
 */
export const FENCE_CHECKPOINTS: Array<(partition: number) => string> = [detectorJudgedCheckpoint];
export const FENCE_CHECKPOINT_PREFIXES: string[] = [KEY_AUDIT_DEVICE_FENCE_PREFIX];

/** Packet-log consumer groups whose committed offsets are carried over (their writers skip below their checkpoint). */
export const CONSUMER_GROUPS: string[] = [DETECTOR_GROUP, KEY_AUDIT_GROUP, TRAFFIC_GROUP];

/**
 * Checkpoints holding an event-store position: the workers that follow the event store outside projections, and
 * the projector's least position (true again on the target once the rebuild, which covers everything, is done).
 */
export const POSITION_CHECKPOINTS: string[] = [
  ISSUE_TRACKER_CHECKPOINT,
  NOTIFICATIONS_CHECKPOINT,
  PROJECTOR_POSITION,
];

/** Fields of copied documents that hold an event position (the tracker's issue number is IssueOpened's position). */
export const POSITION_FIELDS: Array<{ collection: string; field: string }> = [
  { collection: TRACKED_ISSUES.name, field: 'numericId' },
];

export type CollectionTreatment = 'rebuilt' | 'copied' | 'unknown';

/** How a migration treats a collection: rebuilt by a projection, copied, or not known (a writer nobody listed). */
export function treatmentOf(collection: string, projections: Projection[]): CollectionTreatment {
  if (projections.some((projection) => projection.collections.some((spec) => spec.name === collection)))
    return 'rebuilt';
  if (COPIED_COLLECTIONS.some((spec) => spec.name === collection)) return 'copied';
  return 'unknown';
}

export type CheckpointTreatment =
  | { kind: 'projection' }
  | { kind: 'offset'; partition: number }
  | { kind: 'position' }
  | { kind: 'fence' }
  | { kind: 'unknown' };

/** How a migration treats a checkpoint name, for partitions 0..partitions-1. */
export function checkpointTreatment(
  name: string,
  projections: Projection[],
  partitions: number,
): CheckpointTreatment {
  // The runner's `<projection>:version` markers are rewritten when it starts on the target.
  const bare = name.endsWith(':version') ? name.slice(0, -':version'.length) : name;
  if (projections.some((projection) => projection.name === bare)) return { kind: 'projection' };
  if (POSITION_CHECKPOINTS.includes(name)) return { kind: 'position' };
  if (FENCE_CHECKPOINT_PREFIXES.some((prefix) => name.startsWith(prefix))) return { kind: 'fence' };
  for (let partition = 0; partition < partitions; partition++) {
    if (OFFSET_CHECKPOINTS.some((checkpointOf) => checkpointOf(partition) === name))
      return { kind: 'offset', partition };
    if (FENCE_CHECKPOINTS.some((checkpointOf) => checkpointOf(partition) === name)) return { kind: 'fence' };
  }
  return { kind: 'unknown' };
}

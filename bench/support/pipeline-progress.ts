import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { AlertEventTypes, type AlertRaised } from '@lorawatch/alerts/alert.events';
import { ALERTS } from '@lorawatch/domain/alert.view';
import { IssueEventTypes } from '@lorawatch/domain/issue.events';
import { ISSUE_TRACKER_CHECKPOINT } from '@lorawatch/issues/tracker/issue-tracker';
import { VISIBILITY_EVENT_TYPES } from '@lorawatch/notifications/dispatch/visible-alert';
import { NOTIFICATIONS_CHECKPOINT } from '@lorawatch/notifications/notifications.worker';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';

/** How far a standalone server's pipeline has got, read from its SQLite file (by tests and benchmarks). */
export interface PipelineProgress {
  /** Packets in the packet log. */
  logged: number;
  /** Packets the detectors have committed. */
  detected: number;
  /** AlertRaised events in the event store. */
  alertsRaised: number;
  /** Alerts in the alerts read model. */
  alertsProjected: number;
}

/** Where the packets are counted when the packet log is not the SQLite file's (a Kafka topic). */
export interface PacketLogEnds {
  readonly partitions: number;
  endOffsets(): Promise<number[]>;
}

/**
 * Reads the progress from the SQLite file of the event and read stores; the packets logged from `packetLog` when
 * given (it stays open), else from the file's own packet log.
 */
export async function readPipelineProgress(
  databaseFile: string,
  partitions = 4,
  packetLog?: PacketLogEnds,
): Promise<PipelineProgress> {
  const db = openDatabase(databaseFile);
  const embedded = packetLog ? null : new SqlitePacketLog(db, { partitions });
  const log: PacketLogEnds = embedded ?? (packetLog as PacketLogEnds);
  const store = new SqliteReadStore(db);
  const events = new SqliteEventStore(db);
  try {
    const logged = (await log.endOffsets()).reduce((sum, end) => sum + end, 0);
    let detected = 0;
    for (let partition = 0; partition < log.partitions; partition++) {
      detected += await store.checkpoint(detectorCheckpoint(partition));
    }
    const alertsRaised = (await events.readAll()).filter(
      (event) => event.type === AlertEventTypes.Raised,
    ).length;
    const alertsProjected = await store.collection(ALERTS).count();
    return { logged, detected, alertsRaised, alertsProjected };
  } finally {
    // Each store listens for the others' commits: close them (not only the file) so no listener is left behind.
    await Promise.all([embedded?.close(), store.close(), events.close()]);
    if (db.open) db.close();
  }
}

/** The alerts raised so far in the event store of a SQLite file, counted by alert code (e.g. LAF-001 → 15). */
export async function readAlertCodes(databaseFile: string): Promise<Map<string, number>> {
  const db = openDatabase(databaseFile);
  const events = new SqliteEventStore(db);
  try {
    const counts = new Map<string, number>();
    for (const event of await events.readAll()) {
      if (event.type !== AlertEventTypes.Raised) continue;
      const code = (event.data as Partial<AlertRaised>).code ?? 'unknown';
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    return counts;
  } finally {
    await events.close();
    if (db.open) db.close();
  }
}

/** A reader that follows the event store from a checkpoint of its own, with the event types it reads. */
interface FollowerCheckpoint {
  readonly checkpoint: string;
  readonly types: readonly string[];
}

const PROCESS_MANAGERS: readonly FollowerCheckpoint[] = [
  {
    checkpoint: ISSUE_TRACKER_CHECKPOINT,
    types: [AlertEventTypes.Raised, IssueEventTypes.ConditionCleared, IssueEventTypes.Closed],
  },
  { checkpoint: NOTIFICATIONS_CHECKPOINT, types: VISIBILITY_EVENT_TYPES },
];

const PROJECTIONS: readonly FollowerCheckpoint[] = PROJECTIONS_IN_ORDER.map((projection) => ({
  checkpoint: projection.name,
  types: projection.eventTypes,
}));

/** Per follower, how many events of its types lie past its checkpoint in a SQLite file (0: it has handled all). */
function readBehind(databaseFile: string, followers: readonly FollowerCheckpoint[]): Record<string, number> {
  const db = openDatabase(databaseFile);
  try {
    const behind: Record<string, number> = {};
    for (const { checkpoint, types } of followers) {
      const row = db
        .prepare<[string], { position: number }>('SELECT position FROM read_checkpoints WHERE name = ?')
        .get(checkpoint);
      const after = row?.position ?? 0;
      const count =
        types.length === 0
          ? db
              .prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM events WHERE position > ?')
              .get(after)
          : db
              .prepare<[number, string], { count: number }>(
                'SELECT COUNT(*) AS count FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?))',
              )
              .get(after, JSON.stringify(types));
      behind[checkpoint] = count?.count ?? 0;
    }
    return behind;
  } finally {
    if (db.open) db.close();
  }
}

/** The issue tracker's and the notifications dispatcher's events still to handle. */
export function readProcessManagersBehind(databaseFile: string): Record<string, number> {
  return readBehind(databaseFile, PROCESS_MANAGERS);
}

/** Per projection, the events of its types past its stored checkpoint (what its next start reads again). */
export function readProjectionsBehind(databaseFile: string): Record<string, number> {
  return readBehind(databaseFile, PROJECTIONS);
}

import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { AlertEventTypes } from '@lorawatch/alerts/alert.events';
import { ALERTS } from '@lorawatch/alerts/projection/alert.view';

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

export async function readPipelineProgress(databaseFile: string, partitions = 4): Promise<PipelineProgress> {
  const db = openDatabase(databaseFile);
  const log = new SqlitePacketLog(db, { partitions });
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
    await Promise.all([log.close(), store.close(), events.close()]);
    if (db.open) db.close();
  }
}

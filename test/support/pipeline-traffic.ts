import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, defaultPolicyItems } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { packetsOf } from '@lorawatch/packet-log/packet-log.port';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { openDatabase } from '@lorawatch/sqlite/open-database';

/** ChirpStack v3 traffic of 30 devices and 3 gateways with join replays and DevNonce reuse: `count` messages. */
export function simulatedTraffic(count: number, seed: number): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 30,
    gateways: 3,
    seed,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 120,
  });
  const messages: SimMessage[] = [];
  while (messages.length < count) messages.push(...simulator.next());
  return messages.filter((message) => !message.retain);
}

/** The ids of the packets a collector makes of these messages for the data source. */
export function packetIdsOf(messages: SimMessage[], dataSourceId: number): Set<string> {
  return new Set(
    messages.flatMap((message) => {
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId,
        organizationId: 1,
        receivedAt: new Date().toISOString(),
      });
      return outcome.kind === 'packets' ? outcome.packets.map((packet) => packet.id) : [];
    }),
  );
}

/** What a stopped server left in its SQLite file: the packets by partition, the alerts raised, and the expected ones. */
export async function pipelineOutcome(databaseFile: string): Promise<{
  stored: Packet[];
  raised: AlertDraft[];
  /** The alert ids the detectors give for the stored packets, run here in memory, partition by partition. */
  expectedAlertIds: Set<string>;
}> {
  const db = openDatabase(databaseFile);
  try {
    const log = new SqlitePacketLog(db, { partitions: 4 });
    const stored: Packet[] = [];
    for (let partition = 0; partition < log.partitions; partition++) {
      stored.push(...packetsOf(await log.read(partition, 0, 1_000_000)));
    }
    const raised = (await new SqliteEventStore(db).readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft);
    const expected = runDetection(stored, new PolicyView(defaultPolicyItems())).alerts;
    return { stored, raised, expectedAlertIds: new Set(expected.map((alert) => alert.id)) };
  } finally {
    db.close();
  }
}

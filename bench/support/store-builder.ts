import { AlertEventTypes, alertStream, type AlertRaised } from '@lorawatch/alerts/alert.events';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { detectorCheckpoint, DETECTOR_GROUP } from '@lorawatch/detection/detection-runner';
import { KEY_AUDIT_GROUP, keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';

/**
 * A large store written straight through the embedded adapters in big transactions: 10 M packets, 1 M alerts
 * (2 % of issue types, which the server's issue tracker turns into issues, so quarantine lists are not empty) and
 * 50 k devices, times the scale. The detectors and the key audit are placed after the packets, as if they had
 * processed them; the read models are left empty for the server to build from the events.
 */
const ORGANIZATION = 1;
const DATA_SOURCES = 5;
const PACKET_BATCH = 20_000;
const EVENT_BATCH = 10_000;

const hex = (value: number, length: number) => value.toString(16).toUpperCase().padStart(length, '0');
const devEuiOf = (device: number) => `70B3D5${hex(device, 10)}`;
const devAddrOf = (device: number) => hex(0x26000000 + device, 8);
const gatewayOf = (device: number) => `B827EB${hex(device % 500, 10)}`;

/**
 * A plausible uplink of a device at a date, its `frame`-th: each device counts its own frames, one by one, as a
 * LoRaWAN device does (a counter that jumps by more than 64 reads as a restarted session). The payload is not decoded
 * by anything the benchmark calls.
 */
function packet(index: number, device: number, frame: number, date: Date): Packet {
  const iso = date.toISOString();
  return {
    id: `bench-${index}`,
    organizationId: ORGANIZATION,
    dataSourceId: 1 + (device % DATA_SOURCES),
    source: 'chirpstack_collector',
    date: iso,
    receivedAt: iso,
    topic: null,
    direction: 'up',
    data: '40' + devAddrOf(device) + '8001000100A1B2C3D4',
    size: 16,
    mType: 'UnconfirmedDataUp',
    major: 0,
    gateway: gatewayOf(device),
    devEui: devEuiOf(device),
    joinEui: null,
    devNonce: null,
    devAddr: devAddrOf(device),
    fCount: frame % 65536,
    fPort: 1,
    mic: 'A1B2C3D4',
    devEuiInferred: false,
    rssi: -60 - (index % 60),
    lsnr: 7.5 - (index % 20),
    frequency: 868_100_000,
    spreadingFactor: 7 + (index % 6),
    bandwidth: 125,
    codeRate: '4/5',
    tmst: index,
    crcOk: true,
    latitude: null,
    longitude: null,
    altitude: null,
  };
}

export interface BuiltStore {
  packets: number;
  alerts: number;
  alertsOfIssueTypes: number;
  devices: number;
  seconds: number;
}

/** Writes the store into a new SQLite file; prints progress. */
export async function buildStore(databaseFile: string, scale: number): Promise<BuiltStore> {
  const began = Date.now();
  const db = openDatabase(databaseFile);
  const events = new SqliteEventStore(db, { onError: (error) => console.error(error) });
  const packets = new SqlitePacketLog(db, {
    partitions: 4,
    retentionDays: 30,
    onError: (e) => console.error(e),
  });
  const store = new SqliteReadStore(db);
  const packetCount = Math.round(10_000_000 * scale);
  const alertCount = Math.round(1_000_000 * scale);
  const deviceCount = Math.max(1, Math.round(50_000 * scale));
  // Spread over the 29 days before now, inside the packet log's 30-day retention.
  const start = Date.now() - 29 * 86_400_000;
  const span = 29 * 86_400_000;
  const dateOf = (index: number, count: number) => new Date(start + Math.floor((index / count) * span));

  let started = Date.now();
  for (let from = 0; from < packetCount; from += PACKET_BATCH) {
    const batch: Packet[] = [];
    for (let i = from; i < Math.min(packetCount, from + PACKET_BATCH); i++) {
      batch.push(packet(i, i % deviceCount, Math.floor(i / deviceCount), dateOf(i, packetCount)));
    }
    await packets.append(batch);
    progress('packets', from + batch.length, packetCount, started);
  }
  // The detectors and the key audit start after these packets, as if they had processed them.
  const ends = await packets.endOffsets();
  for (const [partition, end] of ends.entries()) {
    await store.commit([], { name: detectorCheckpoint(partition), position: end });
    await store.commit([], { name: keyAuditCheckpoint(partition), position: end });
    await packets.commit(DETECTOR_GROUP, partition, end);
    await packets.commit(KEY_AUDIT_GROUP, partition, end);
  }

  const plain = ALERT_CATALOGUE.filter((type) => !type.isIssue);
  const issues = ALERT_CATALOGUE.filter((type) => type.isIssue);
  let issueCount = 0;
  started = Date.now();
  for (let from = 0; from < alertCount; from += EVENT_BATCH) {
    const until = Math.min(alertCount, from + EVENT_BATCH);
    // One SQLite transaction per batch: the adapter's own transactions become savepoints inside it.
    db.transaction(() => {
      for (let i = from; i < until; i++) {
        const device = (i * 7919) % deviceCount;
        const opensIssue = i % 50 === 0 && issues.length > 0;
        const type = opensIssue ? issues[i % issues.length] : plain[i % plain.length];
        const evidence = packet(i, device, Math.floor(i / deviceCount), dateOf(i, alertCount));
        const alert: AlertRaised = {
          id: `bench-alert-${i}`,
          code: type.code,
          dataSourceId: evidence.dataSourceId,
          organizationId: ORGANIZATION,
          createdAt: evidence.date,
          devEui: evidence.devEui,
          devAddr: evidence.devAddr,
          gateway: evidence.gateway,
          packet: evidence,
          prevPacket: null,
          parameters: { dev_eui: evidence.devEui, dev_addr: evidence.devAddr, gateway: evidence.gateway },
        };
        const who = { organizationId: ORGANIZATION, actor: 'bench' };
        void events.append(
          alertStream(alert.id),
          [envelope(AlertEventTypes.Raised, alert, who, alert.createdAt)],
          'no_stream',
        );
        if (opensIssue) issueCount++;
      }
    })();
    progress('alerts', until, alertCount, started);
  }
  await events.close();
  await packets.close();
  await store.close();
  db.close();
  return {
    packets: packetCount,
    alerts: alertCount,
    alertsOfIssueTypes: issueCount,
    devices: deviceCount,
    seconds: (Date.now() - began) / 1000,
  };
}

function progress(what: string, done: number, total: number, started: number): void {
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en')}/s)   `,
  );
  if (done >= total) process.stdout.write('\n');
}

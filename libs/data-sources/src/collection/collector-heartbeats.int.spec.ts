import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { LIMITED_ATTRIBUTION } from '@lorawatch/ingest/application/device-address-book';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { isPacketRecord, type LogRecord } from '@lorawatch/packet-log/packet-log.port';
import { systemClock } from '@lorawatch/platform/clock';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { type DemoBroker, startDemoBroker } from '@lorawatch/simulator/demo-broker';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { uplinkMessage } from '../../../../test/support/chirpstack-v3-messages';
import { waitFor } from '../../../../test/support/wait-for';
import {
  RecordCollectorEventHandler,
  type CollectorReport,
} from '../commands/record-collector-event/record-collector-event.handler';
import { dataSourceStream } from '../domain/data-source.events';
import { DataSourceEventTypes, type DataSourceLimitationsChanged } from '../domain/data-source.events';
import { CollectorSupervisor } from './collector-supervisor';
import { recordMqttDataSource } from './testing/recorded-mqtt-source';

const DATA_SOURCE = 1;
const GATEWAY = '7276ff002e062c18';
/**
 * The first data uplink of a session the collector never saw start (DevAddr 01020304, FCnt 1, FPort 1): MHDR,
 * DevAddr and FCnt little-endian, FCtrl, FPort, two payload bytes, MIC.
 */
const FRAME = Buffer.from('400403020100010001aabb01020304', 'hex');

/**
 * One collector process on a real MQTT broker, gateway topics only: what it appends to the packet log besides the
 * packets (heartbeats, once the network is quiet) and what it records about its data source (the limitation of a
 * collector without application events).
 */
describe('collector supervisor: heartbeats and detector coverage', () => {
  let broker: DemoBroker;
  let publisher: MqttClient;
  let eventsFile: TempSqliteFile;
  let packetsFile: TempSqliteFile;
  let events: SqliteEventStore;
  let packets: SqlitePacketLog;
  let supervisor: CollectorSupervisor;
  const reports: CollectorReport[] = [];

  beforeAll(async () => {
    broker = await startDemoBroker(0);
    publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    eventsFile = createTempSqliteFile('heartbeat-events');
    packetsFile = createTempSqliteFile('heartbeat-packets');
    events = SqliteEventStore.open(eventsFile.file, { pollIntervalMs: 20 });
    packets = SqlitePacketLog.open(packetsFile.file);
    await recordMqttDataSource(events, {
      dataSourceId: DATA_SOURCE,
      name: 'Gateways only',
      port: broker.port,
      at: '2026-01-01T00:00:00Z',
    });
    const recorder = new RecordCollectorEventHandler(events, systemClock);
    supervisor = new CollectorSupervisor(
      events,
      packets,
      {
        execute: async (command) => {
          reports.push(command.report);
          await recorder.execute(command);
        },
      },
      new SecretBox(randomBytes(32)),
      new Metrics(),
      null,
      null,
      100,
    );
    await supervisor.start();
  });

  afterAll(async () => {
    await supervisor?.stop();
    await publisher?.endAsync(true);
    await broker?.close();
    await events?.close();
    await packets?.close();
    eventsFile?.remove();
    packetsFile?.remove();
  });

  async function everything(): Promise<LogRecord[]> {
    const ends = await packets.endOffsets();
    const all = await Promise.all(ends.map((end, partition) => packets.read(partition, 0, end)));
    return all.flat();
  }

  it('appends heartbeats stamped by the collector while its connected network is quiet, after its packets', async () => {
    await waitFor(
      async () => (reports.some((report) => report.kind === 'CONNECTED') ? true : null),
      10_000,
      'CONNECTED',
    );
    const { topic, payload } = uplinkMessage(GATEWAY, FRAME);
    await publisher.publishAsync(topic, payload, { qos: 1 });
    await waitFor(
      async () => ((await everything()).some(isPacketRecord) ? true : null),
      10_000,
      'the packet',
    );
    const [packet] = (await everything()).filter(isPacketRecord);

    await waitFor(
      async () =>
        (await everything()).filter((record) => !isPacketRecord(record)).length >= 2 ? true : null,
      10_000,
      'two heartbeats',
    );
    const beats = (await everything()).flatMap((record) =>
      isPacketRecord(record) ? [] : [record.heartbeat],
    );
    for (const beat of beats) {
      expect(beat).toMatchObject({
        kind: 'heartbeat',
        dataSourceId: DATA_SOURCE,
        organizationId: 1,
        connected: true,
      });
      expect(Date.parse(beat.at)).toBeGreaterThan(Date.parse(packet.packet.receivedAt));
    }
    expect(new Set(beats.map((beat) => beat.id)).size).toBe(beats.length);
  });

  it('records once that the data source has no application events to attribute its frames', async () => {
    await waitFor(
      async () => (reports.some((report) => report.kind === 'LIMITATIONS') ? true : null),
      10_000,
      'the limitation',
    );
    const changes = (await events.readStream(dataSourceStream(DATA_SOURCE)))
      .filter((event) => event.type === DataSourceEventTypes.LimitationsChanged)
      .map((event) => (event.data as DataSourceLimitationsChanged).limitations);
    expect(changes).toEqual([[LIMITED_ATTRIBUTION]]);
  });
});

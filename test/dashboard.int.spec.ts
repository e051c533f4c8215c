import { DashboardWorker } from '@lorawatch/dashboard/dashboard.worker';
import { TRAFFIC_GROUP } from '@lorawatch/dashboard';
import { TRAFFIC_HOURS } from '@lorawatch/dashboard/traffic/traffic.view';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import type { Packet } from '@lorawatch/domain/packet';
import { buildDataDown, buildDataUp } from '@lorawatch/lorawan/build-frames';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';
import { waitFor } from './support/wait-for';

const KEYS = { nwkSKey: Buffer.alloc(16, 0x21), appSKey: Buffer.alloc(16, 0x12) };
const GATEWAY = 'b827ebfffe000001';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Device {
  devEui: string;
  devAddr: string;
}
const D1: Device = { devEui: '0004a30b00000001', devAddr: '26000001' };
const D2: Device = { devEui: '0004a30b00000002', devAddr: '26000002' };
const D4: Device = { devEui: '0004a30b00000004', devAddr: '26000004' };
const D5: Device = { devEui: '0004a30b00000005', devAddr: '26000005' };

/** Three days ago at UTC midnight: every date of the scenario is well inside the 30 days kept. */
const DAY0 = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS);
const at = (day: number, time: string): string =>
  new Date(DAY0.getTime() + day * DAY_MS + Date.parse(`1970-01-01T${time}Z`)).toISOString();
const dayText = (day: number): string => at(day, '00:00:00').slice(0, 10);
/** An hour bucket as the API prints it. */
const hourText = (day: number, hour: number): string =>
  `${dayText(day)} ${String(hour).padStart(2, '0')}:00:00+00:00`;

/**
 * The dashboard's DEVICES and MESSAGES counters in the real app: packets appended to the real packet log, counted
 * by the dashboard worker's own consumer group into the traffic read model, read through the API.
 */
describe('dashboard traffic counters', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let log: PacketLog;
  let worker: DashboardWorker;
  let sourceA: number;
  let sourceB: number;
  let foreignSource: number;
  let fCnt = 0;

  const get = (path: string, caller: Caller = 'admin') =>
    harness.http.get(`/api/v1.0/${path}`).set(authorization(tokens, caller));

  function packet(
    dataSourceId: number,
    device: Device,
    date: string,
    direction: 'up' | 'down' = 'up',
  ): Packet {
    fCnt += 1;
    const fields = { ...KEYS, devAddr: device.devAddr, fCnt, fPort: 1, payload: Buffer.from([fCnt % 256]) };
    const phy = direction === 'up' ? buildDataUp(fields) : buildDataDown(fields);
    return packetFromPhy(phy, {
      organizationId: 1,
      dataSourceId,
      source: 'chirpstack_collector',
      gateway: GATEWAY,
      devEui: device.devEui,
      devEuiInferred: true,
      date,
      receivedAt: date,
      topic: `application/1/device/${device.devEui}/event/up`,
    });
  }

  async function createSource(caller: 'admin' | 'other admin', name: string): Promise<number> {
    const response = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(authorization(tokens, caller))
      .send({ name, description: '', data_collector_type_id: 1, policy_id: 1, ip: '127.0.0.1', port: 1 })
      .expect(200);
    return response.body.id as number;
  }

  async function feed(packets: Packet[]): Promise<void> {
    await log.append(packets);
    await worker.traffic.drained();
  }

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness, 60);
    log = harness.app.get<PacketLog>(PACKET_LOG);
    worker = harness.app.get(DashboardWorker);
    sourceA = await createSource('admin', 'Field A');
    sourceB = await createSource('admin', 'Field B');
    foreignSource = await createSource('other admin', 'Elsewhere');
    await feed([
      packet(sourceA, D1, at(0, '10:05:00')),
      packet(sourceA, D1, at(0, '10:50:00')),
      packet(sourceA, D2, at(0, '10:59:59.999')),
      packet(sourceA, D1, at(0, '10:30:00'), 'down'),
      packet(sourceB, D4, at(0, '10:20:00')),
      packet(sourceA, D1, at(0, '11:00:00')),
      packet(sourceA, D2, at(0, '23:59:59.999')),
      packet(sourceA, D1, at(1, '00:00:00')),
      packet(sourceB, D4, at(1, '05:00:00')),
      // Older than the 30 days the packet log keeps: never counted.
      packet(sourceA, D5, at(-40, '12:00:00')),
    ]);
  });
  afterAll(async () => harness?.close());

  describe('GET packets/count', () => {
    it('counts packets per hour, newest first, over every data source', async () => {
      const response = await get('packets/count?group_by=HOUR').expect(200);
      expect(response.body).toEqual([
        { hour: hourText(1, 5), count: 1 },
        { hour: hourText(1, 0), count: 1 },
        { hour: hourText(0, 23), count: 1 },
        { hour: hourText(0, 11), count: 1 },
        { hour: hourText(0, 10), count: 5 },
      ]);
    });

    it('counts packets per day by default, newest first', async () => {
      const response = await get('packets/count').expect(200);
      expect(response.body).toEqual([
        { date: dayText(1), count: 2 },
        { date: dayText(0), count: 7 },
      ]);
      const explicit = await get('packets/count?group_by=DAY').expect(200);
      expect(explicit.body).toEqual(response.body);
    });

    it('narrows to the chosen data sources', async () => {
      const onlyA = await get(`packets/count?group_by=HOUR&data_collector[]=${sourceA}`).expect(200);
      expect(onlyA.body).toEqual([
        { hour: hourText(1, 0), count: 1 },
        { hour: hourText(0, 23), count: 1 },
        { hour: hourText(0, 11), count: 1 },
        { hour: hourText(0, 10), count: 4 },
      ]);
      const both = await get(`packets/count?data_collector[]=${sourceA}&data_collector[]=${sourceB}`).expect(
        200,
      );
      expect(both.body).toEqual([
        { date: dayText(1), count: 2 },
        { date: dayText(0), count: 7 },
      ]);
    });

    it('keeps the buckets that overlap the date window, at hour and day boundaries', async () => {
      const hours = await get(
        `packets/count?group_by=HOUR&date[gte]=${at(0, '10:30:00')}&date[lte]=${at(0, '23:00:00')}`,
      ).expect(200);
      expect(hours.body).toEqual([
        { hour: hourText(0, 23), count: 1 },
        { hour: hourText(0, 11), count: 1 },
        { hour: hourText(0, 10), count: 5 },
      ]);
      const justAfter = await get(`packets/count?group_by=HOUR&date[gte]=${at(0, '11:00:00.001')}`).expect(
        200,
      );
      expect(justAfter.body.map((row: { hour: string }) => row.hour)).toEqual([
        hourText(1, 5),
        hourText(1, 0),
        hourText(0, 23),
        hourText(0, 11),
      ]);
      // A bare date is the whole day as an upper bound and its midnight as a lower one.
      const firstDay = await get(`packets/count?date[lte]=${dayText(0)}`).expect(200);
      expect(firstDay.body).toEqual([{ date: dayText(0), count: 7 }]);
      const secondDay = await get(`packets/count?group_by=HOUR&date[gte]=${dayText(1)}`).expect(200);
      expect(secondDay.body).toEqual([
        { hour: hourText(1, 5), count: 1 },
        { hour: hourText(1, 0), count: 1 },
      ]);
      const spaced = await get(
        `packets/count?date[gte]=${dayText(1)} 00:00:00&date[lte]=${dayText(1)}T04:59:59%2B00:00`,
      ).expect(200);
      expect(spaced.body).toEqual([{ date: dayText(1), count: 1 }]);
    });
  });

  describe('GET devices/count', () => {
    it('counts devices heard per hour, newest first, a device once per hour and data source', async () => {
      const response = await get('devices/count?group_by=HOUR').expect(200);
      expect(response.body).toEqual([
        { hour: hourText(1, 5), count: 1 },
        { hour: hourText(1, 0), count: 1 },
        { hour: hourText(0, 23), count: 1 },
        { hour: hourText(0, 11), count: 1 },
        { hour: hourText(0, 10), count: 3 },
      ]);
    });

    it('counts distinct devices per day by default, oldest first', async () => {
      const response = await get('devices/count').expect(200);
      expect(response.body).toEqual([
        { date: dayText(0), count: 3 },
        { date: dayText(1), count: 2 },
      ]);
    });

    it('narrows by data source and by the last_up_timestamp window', async () => {
      const onlyB = await get(`devices/count?data_collector[]=${sourceB}`).expect(200);
      expect(onlyB.body).toEqual([
        { date: dayText(0), count: 1 },
        { date: dayText(1), count: 1 },
      ]);
      const secondDay = await get(`devices/count?last_up_timestamp[gte]=${dayText(1)}`).expect(200);
      expect(secondDay.body).toEqual([{ date: dayText(1), count: 2 }]);
      const evening = await get(
        `devices/count?group_by=HOUR&data_collector[]=${sourceA}&last_up_timestamp[gte]=${at(0, '11:00:00')}&last_up_timestamp[lte]=${at(0, '23:59:59')}`,
      ).expect(200);
      expect(evening.body).toEqual([
        { hour: hourText(0, 23), count: 1 },
        { hour: hourText(0, 11), count: 1 },
      ]);
      // `page` and `size` are accepted and change nothing, as in the original.
      const paged = await get('devices/count?page=3&size=1').expect(200);
      expect(paged.body).toHaveLength(2);
    });
  });

  describe('GET packets', () => {
    it('lists the newest packets first with the API fields, paged from page 0', async () => {
      const first = await get('packets?size=3').expect(200);
      expect(first.body.map((item: { date: string }) => item.date)).toEqual([
        `${dayText(1)} 05:00:00+0000`,
        `${dayText(1)} 00:00:00+0000`,
        `${dayText(0)} 23:59:59+0000`,
      ]);
      expect(first.body[0]).toMatchObject({
        data_collector_id: sourceB,
        organization_id: 1,
        gateway: GATEWAY,
        dev_eui: D4.devEui,
        dev_addr: D4.devAddr,
        m_type: 'UnconfirmedDataUp',
        f_port: 1,
        freq: 868.1,
        datr: 'SF7BW125',
        stat: 1,
        modu: 'LORA',
        adr: false,
        ack: false,
        error: null,
      });
      const second = await get('packets?page=1&size=3').expect(200);
      expect(second.body.map((item: { date: string }) => item.date)).toEqual([
        `${dayText(0)} 11:00:00+0000`,
        `${dayText(0)} 10:59:59+0000`,
        `${dayText(0)} 10:50:00+0000`,
      ]);
      const all = await get('packets').expect(200);
      // The packet dated before retention is in the ring too: the list shows what arrived, not what is counted.
      expect(all.body).toHaveLength(10);
    });

    it('narrows by date', async () => {
      const response = await get(
        `packets?date[gte]=${at(0, '10:20:00')}&date[lte]=${at(0, '10:50:00')}`,
      ).expect(200);
      expect(response.body.map((item: { date: string; data_collector_id: number }) => item.date)).toEqual([
        `${dayText(0)} 10:50:00+0000`,
        `${dayText(0)} 10:30:00+0000`,
        `${dayText(0)} 10:20:00+0000`,
      ]);
    });
  });

  describe('GET devices', () => {
    it('lists the devices heard, last uplink first, paged from page 0, narrowed by last_up_timestamp', async () => {
      const devices = await waitFor(
        async () => {
          const response = await get('devices').expect(200);
          return response.body.length === 4 ? (response.body as Array<Record<string, unknown>>) : null;
        },
        10_000,
        'the detectors to record the devices',
      );
      expect(devices.map((device) => device.dev_eui)).toEqual([D4.devEui, D1.devEui, D2.devEui, D5.devEui]);
      expect(devices[0]).toMatchObject({
        data_collector_id: sourceB,
        organization_id: 1,
        last_up_timestamp: `${dayText(1)} 05:00:00+00:00`,
        first_up_timestamp: `${dayText(0)} 10:20:00+00:00`,
        join_accept_counter: null,
      });
      expect(devices[2].last_up_timestamp).toBe(`${dayText(0)} 23:59:59.999000+00:00`);
      const second = await get('devices?page=1&size=1').expect(200);
      expect(second.body.map((device: { dev_eui: string }) => device.dev_eui)).toEqual([D1.devEui]);
      const recent = await get(`devices?last_up_timestamp[gte]=${at(0, '12:00:00')}`).expect(200);
      expect(recent.body.map((device: { dev_eui: string }) => device.dev_eui)).toEqual([
        D4.devEui,
        D1.devEui,
        D2.devEui,
      ]);
    });
  });

  describe('the worker', () => {
    it('counts nothing twice when the log delivers again after a restart, and counts what arrived meanwhile', async () => {
      const before = {
        hours: (await get('packets/count?group_by=HOUR').expect(200)).body,
        devices: (await get('devices/count?group_by=HOUR').expect(200)).body,
        days: (await get('devices/count').expect(200)).body,
      };
      await worker.stop();
      // As if the process died after committing its counters but before the log recorded the offsets.
      for (let partition = 0; partition < log.partitions; partition++) {
        await log.commit(TRAFFIC_GROUP, partition, 0);
      }
      await log.append([packet(sourceA, D1, at(0, '10:40:00')), packet(sourceA, D5, at(0, '10:45:00'))]);
      await worker.start();
      await worker.traffic.drained();

      const hours = (await get('packets/count?group_by=HOUR').expect(200)).body;
      expect(hours).toEqual(
        before.hours.map((row: { hour: string; count: number }) =>
          row.hour === hourText(0, 10) ? { ...row, count: row.count + 2 } : row,
        ),
      );
      const devices = (await get('devices/count?group_by=HOUR').expect(200)).body;
      expect(devices).toEqual(
        before.devices.map((row: { hour: string; count: number }) =>
          row.hour === hourText(0, 10) ? { ...row, count: row.count + 1 } : row,
        ),
      );
      const days = (await get('devices/count').expect(200)).body;
      expect(days).toEqual(
        before.days.map((row: { date: string; count: number }) =>
          row.date === dayText(0) ? { ...row, count: row.count + 1 } : row,
        ),
      );
    });

    it('drops counters older than the retention when pruning', async () => {
      const store = harness.app.get<ReadStore>(READ_STORE);
      const old = new Date(DAY0.getTime() - 31 * DAY_MS).toISOString().slice(0, 13);
      await store.commit([
        {
          op: 'inc',
          collection: TRAFFIC_HOURS.name,
          id: `${sourceA}:${old}:00:00.000Z`,
          inc: { packets: 9, packetsUp: 9, packetsDown: 0, devices: 1 },
          setOnInsert: { organizationId: 1, dataSourceId: sourceA, hour: `${old}:00:00.000Z` },
        },
      ]);
      const withOld = (await get('packets/count').expect(200)).body as Array<{ date: string }>;
      expect(withOld.at(-1)).toEqual({ date: old.slice(0, 10), count: 9 });
      await worker.traffic.prune();
      const pruned = (await get('packets/count').expect(200)).body as Array<{ date: string }>;
      expect(pruned.map((row) => row.date)).toEqual([dayText(1), dayText(0)]);
    });
  });

  describe('bad requests', () => {
    it.each([
      ['packets/count?group_by=WEEK', '"Group by" value is not valid'],
      ['devices/count?group_by=hour', '"Group by" value is not valid'],
      ['packets/count?date[gte]=yesterday', 'no valid date[gte] value'],
      ['packets/count?date[lte]=2024-02-30', 'no valid date[lte] value'],
      ['devices/count?last_up_timestamp[gte]=soon', 'no valid last_up_timestamp[gte] value'],
      ['devices?last_up_timestamp[lte]=13:00', 'no valid last_up_timestamp[lte] value'],
      ['packets?date[gte]=2024-13-01', 'no valid date[gte] value'],
      [
        'packets/count?date[gte]=2024-03-02&date[lte]=2024-03-01T12:00:00Z',
        'since value must be before to until value',
      ],
      [
        'devices/count?last_up_timestamp[gte]=2024-03-02T00:00:00Z&last_up_timestamp[lte]=2024-03-01',
        'since value must be before to until value',
      ],
      ['packets?page=-1', 'page must not be negative'],
      ['devices?size=0', 'size must be between 1 and 1000'],
      ['devices/count?data_collector[]=abc', 'data_collector must be data source ids'],
    ])('GET %s → 400 %s', async (path, message) => {
      const response = await get(path).expect(400);
      expect(response.body.error).toBe(message);
    });

    it('refuses a data source of another organization, or one that does not exist', async () => {
      for (const path of ['packets/count', 'devices/count']) {
        for (const ids of [[foreignSource], [sourceA, foreignSource], [9999]]) {
          const query = ids.map((id) => `data_collector[]=${id}`).join('&');
          const response = await get(`${path}?${query}`).expect(400);
          expect(response.body).toMatchObject({
            error: 'The user does not have access to all the data collectors in the filter.',
          });
        }
      }
    });

    it('refuses unknown parameters', async () => {
      await get('packets/count?organization_id=2').expect(400);
      await get('devices?data_collector[]=1').expect(400);
    });
  });

  /** Who may read the counters (CONTRIBUTING.md §5): every member; another organization sees only its own (empty) traffic. */
  describe('authorization', () => {
    const TABLE: Array<[string, Record<Caller, number>]> = [
      ['packets/count', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['devices/count', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['packets', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['devices', { anonymous: 401, user: 200, admin: 200, 'other admin': 200 }],
      ['packets/count?data_collector[]=:a', { anonymous: 401, user: 200, admin: 200, 'other admin': 400 }],
      ['devices/count?data_collector[]=:a', { anonymous: 401, user: 200, admin: 200, 'other admin': 400 }],
    ];

    it.each(TABLE)('GET %s', async (path, expected) => {
      const outcomes: Record<string, number> = {};
      const answers: Record<string, unknown> = {};
      for (const caller of Object.keys(expected) as Caller[]) {
        const response = await get(path.replace(':a', String(sourceA)), caller);
        outcomes[caller] = response.status;
        answers[caller] = response.body;
      }
      expect(outcomes).toEqual(expected);
      expect((answers.user as unknown[]).length).toBeGreaterThan(0);
      expect(answers.user).toEqual(answers.admin);
      if (expected['other admin'] === 200) expect(answers['other admin']).toEqual([]);
    });
  });
});

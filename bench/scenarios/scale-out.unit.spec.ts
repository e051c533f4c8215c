import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { renderTable } from '../record';
import { isFrame } from '../support/mqtt';
import { ingestTraffic } from './ingest';
import {
  alertDifferences,
  clientNoise,
  codesText,
  commandsTable,
  dataSourceCount,
  gatewayOfTopic,
  processCount,
  scaleOutTable,
  splitByGateway,
  topologies,
  type TopologyResult,
} from './scale-out';

const message = (topic: string, kind: SimMessage['kind'] = 'uplink'): SimMessage => ({
  topic,
  payload: Buffer.from('{}'),
  at: new Date('2026-11-29T00:00:00Z'),
  retain: false,
  kind,
  attack: null,
  devEui: null,
});

describe('scenario (g), the scale-out benchmark', () => {
  it('reads the gateway of a message from its topic, in the ChirpStack v3 and v4 layouts', () => {
    expect(gatewayOfTopic('gateway/0102030405060708/event/up')).toBe('0102030405060708');
    expect(gatewayOfTopic('eu868/gateway/0102030405060708/event/stats')).toBe('0102030405060708');
    expect(gatewayOfTopic('application/1/device/0a0b/event/up')).toBeNull();
    expect(gatewayOfTopic('gateway/')).toBeNull();
  });

  it('splits the traffic by gateway: every message once, in order, each gateway in one part, frames kept', () => {
    const traffic = ingestTraffic(
      { formats: ['chirpstack-v3'], messages: 1500, devices: 30, rejoinSeconds: 300 },
      'chirpstack-v3',
    );
    const [first, second] = splitByGateway(traffic, 2);
    expect(first.length + second.length).toBe(traffic.length);
    expect(first.filter(isFrame).length + second.filter(isFrame).length).toBe(traffic.filter(isFrame).length);
    const gatewaysOf = (part: SimMessage[]) => new Set(part.map((m) => gatewayOfTopic(m.topic)));
    // The simulated network has 8 gateways: four for each network server, none shared.
    expect(gatewaysOf(first).size).toBe(4);
    expect(gatewaysOf(second).size).toBe(4);
    expect([...gatewaysOf(first)].filter((gateway) => gatewaysOf(second).has(gateway))).toEqual([]);
    // Each part keeps the order the messages came in.
    const position = new Map(traffic.map((m, index) => [m, index]));
    for (const part of [first, second]) {
      const positions = part.map((m) => position.get(m)!);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(splitByGateway(traffic, 1)).toEqual([traffic]);
  });

  it('puts messages that name no gateway with the first part and refuses a part count below one', () => {
    const split = splitByGateway(
      [
        message('gateway/bb/event/up'),
        message('other/topic', 'gateway-stats'),
        message('gateway/aa/event/up'),
      ],
      2,
    );
    expect(split.map((part) => part.map((m) => m.topic))).toEqual([
      ['other/topic', 'gateway/aa/event/up'],
      ['gateway/bb/event/up'],
    ]);
    expect(() => splitByGateway([], 0)).toThrow('parts must be a positive integer');
  });

  it('runs the standalone, then one and two collectors beside the detector replicas', () => {
    const [standalone, one, two] = topologies(3);
    expect([processCount(standalone), processCount(one), processCount(two)]).toEqual([1, 6, 7]);
    expect([dataSourceCount(standalone), dataSourceCount(one), dataSourceCount(two)]).toEqual([1, 1, 2]);
  });

  it('tabulates each topology against the standalone', () => {
    const [standalone, one, two] = topologies(3);
    const result = (
      topology: TopologyResult['topology'],
      seconds: number,
      broker: number | null,
    ): TopologyResult => ({
      topology,
      frames: 1000,
      logSeconds: seconds / 2,
      seconds,
      alerts: 7,
      alertCodes: new Map([
        ['LAF-003', 5],
        ['LAF-001', 2],
      ]),
      peakRssMb: 512.4,
      brokerPeakRssMb: broker,
    });
    const table = scaleOutTable([result(standalone, 2, null), result(one, 4, 300), result(two, 1, 310)]);
    expect(table.rows).toEqual([
      [
        'standalone, embedded packet log',
        '1',
        '1,000',
        '1,000',
        '500',
        '100.0 %',
        '7',
        'LAF-001 2, LAF-003 5',
        '512 MB',
        '–',
      ],
      [
        '1 collector + 3 detectors + projector + api, Kafka',
        '6',
        '1,000',
        '500',
        '250',
        '50.0 %',
        '7',
        'LAF-001 2, LAF-003 5',
        '512 MB',
        '300 MB',
      ],
      [
        '2 collectors + 3 detectors + projector + api, Kafka',
        '7',
        '1,000',
        '2,000',
        '1,000',
        '200.0 %',
        '7',
        'LAF-001 2, LAF-003 5',
        '512 MB',
        '310 MB',
      ],
    ]);
    // Without the standalone's row there is nothing to compare with.
    expect(scaleOutTable([result(one, 4, 300)]).rows[0][5]).toBe('–');
  });

  it('names the alert codes that a topology with one data source raised differently from the standalone', () => {
    const [standalone, one, two] = topologies(3);
    const result = (
      topology: TopologyResult['topology'],
      codes: Array<[string, number]>,
    ): TopologyResult => ({
      topology,
      frames: 10,
      logSeconds: 1,
      seconds: 1,
      alerts: 0,
      alertCodes: new Map(codes),
      peakRssMb: 0,
      brokerPeakRssMb: null,
    });
    const reference = result(standalone, [
      ['LAF-400', 63],
      ['LAF-001', 15],
    ]);
    expect(codesText(reference.alertCodes)).toBe('LAF-001 15, LAF-400 63');
    expect(codesText(new Map())).toBe('none');
    const same = result(one, [
      ['LAF-001', 15],
      ['LAF-400', 63],
    ]);
    expect(alertDifferences([reference, same])).toBeNull();
    expect(alertDifferences([same])).toBeNull();
    // The AppKey audit's alerts may come after the timing, in any topology: not a difference.
    const audited = result(one, [
      ['LAF-001', 15],
      ['LAF-400', 63],
      ['LAF-008', 1],
    ]);
    expect(alertDifferences([reference, audited])).toBeNull();
    const fewer = result(one, [
      ['LAF-001', 15],
      ['LAF-100', 1],
    ]);
    expect(alertDifferences([reference, same, fewer])).toBe(
      "The alerts raised by the end of the timing differ from the standalone's on the same traffic: " +
        '1 collector + 3 detectors + projector + api, Kafka: LAF-100 1 (standalone 0), LAF-400 0 (standalone 63).',
    );
    // Two data sources split the network: other alerts by construction, not compared.
    expect(alertDifferences([reference, result(two, [['LAF-001', 5]])])).toBeNull();
  });

  it("tells the Kafka client's retried broker answers apart from the processes' own errors", () => {
    const lines = [
      '[detector-1] {"level":"ERROR","logger":"kafkajs","message":"[Connection] Response Heartbeat","error":"The group is rebalancing, so a rejoin is needed"}',
      '[detector-2] {"level":"ERROR","logger":"kafkajs","message":"[Connection] Response Heartbeat","error":"The group is rebalancing, so a rejoin is needed"}',
      '[projector] {"level":"ERROR","logger":"kafkajs","message":"[Connection] Response Metadata","error":"This server does not host this topic-partition"}',
      '[projector] [2026-11-29 00:51:36] ERROR: [Engines] InvalidStateError: BroadcastChannel is closed.',
    ];
    expect(clientNoise(lines)).toEqual({
      client: 3,
      kinds: [
        'The group is rebalancing, so a rejoin is needed',
        'This server does not host this topic-partition',
      ],
      other: [lines[3]],
    });
  });

  it('records how each process starts, without addresses or secrets', () => {
    const table = commandsTable({ detectors: 3 });
    expect(table.rows.map((row) => row[0])).toEqual([
      '(1) standalone',
      'Kafka broker',
      'projector',
      'api',
      'collector 1',
      'collector 2 (3 only)',
      'detector 1',
      'detector 2',
      'detector 3',
    ]);
    const text = renderTable(table);
    expect(text).toContain('KAFKA_BROKERS=127.0.0.1:<port>');
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });
});

import { parseTtnV3Event } from '@lorawatch/ingest/ttn-v3/parse-ttn-v3-event';
import { createTtnV3Parser } from '@lorawatch/ingest/ttn-v3/ttn-v3-parser';
import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { NetworkSimulator } from './network-simulator';
import type { SimMessage } from './sim-event';
import { type TtnV3Event, ttnV3EventFor } from './ttn-v3-events';
import { SIM_FORMATS } from './wire-format';
import { formatFor } from './wire-formats';

type Json = Record<string, unknown>;

function run(minutes: number): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 10,
    gateways: 3,
    seed: 5,
    attacks: ['join-replay', 'devnonce-repeat'],
    uplinkPeriodSeconds: 30,
    format: 'ttn-v3',
  });
  const end = simulator.startTime.getTime() + minutes * 60_000;
  const messages: SimMessage[] = [];
  while (simulator.now.getTime() < end) messages.push(...simulator.next());
  return messages;
}

const eventOf = (message: SimMessage): TtnV3Event =>
  JSON.parse(message.payload.toString('utf8')) as TtnV3Event;

/** Every key path of a JSON value, arrays read through their first element. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? keyPaths(value[0], `${prefix}[]`) : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}.${key}`,
    ...keyPaths(child, `${prefix}.${key}`),
  ]);
}

describe('the ttn-v3 simulator format', () => {
  const messages = run(15);

  it('is selectable like the other formats', () => {
    expect(SIM_FORMATS).toContain('ttn-v3');
    expect(formatFor('ttn-v3').name).toBe('ttn-v3');
  });

  it('gives events that parse back, none malformed or ignored', () => {
    const parse = createTtnV3Parser();
    const names = new Set<string>();
    let inferred = 0;
    for (const message of messages) {
      const event = eventOf(message);
      names.add(event.name);
      expect(message.topic).toBe(
        `ttn-v3/gateways/${event.identifiers[0].gateway_ids.gateway_id}/${event.name}`,
      );
      const outcome = parse(event, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      expect(outcome.kind).not.toBe('malformed');
      expect(outcome.kind).not.toBe('ignored');
      if (outcome.kind === 'packets') {
        expect(outcome.packets).toHaveLength(1);
        const [packet] = outcome.packets;
        // A join accept's device is inferred from the join requests the gateway heard (a heuristic that an
        // attacker's replay may mislead); a device named in the frame must be the simulation's.
        if (packet.devEuiInferred) inferred += 1;
        else expect(packet.devEui ?? message.devEui).toBe(message.devEui);
      }
    }
    expect([...names].sort()).toEqual([
      'gs.down.send',
      'gs.gateway.connect',
      'gs.status.receive',
      'gs.up.receive',
    ]);
    expect(inferred).toBeGreaterThan(0);
  });

  it('shapes gs.up.receive, gs.down.send and gs.status.receive like the real events in the fixtures', () => {
    const byName = (name: string) => messages.map(eventOf).find((event) => event.name === name);
    const uplink = byName('gs.up.receive');
    const fixtureUp = readFixtureJson<{ result: Json }>(
      'ttn-v3/events-stream-gs-up-receive-2024.json',
    ).result;
    // The fixture is a data frame; the simulator's first uplinks are join requests, whose decode differs.
    const framePaths = (paths: string[]) => paths.filter((path) => !path.includes('.payload'));
    expect(framePaths(keyPaths(uplink)).sort()).toEqual(framePaths(keyPaths(fixtureUp)).sort());

    const down = byName('gs.down.send');
    const fixtureDown = readFixtureJson<Json>('ttn-v3/gs-down-send-data-2023.json');
    const scheduledPaths = keyPaths(fixtureDown).filter((path) => !/timestamp/.test(path));
    expect(keyPaths(down?.data).sort()).toEqual(scheduledPaths.sort());

    const status = byName('gs.status.receive');
    expect(keyPaths(status?.data).sort()).toEqual(
      keyPaths(readFixtureJson<Json>('ttn-v3/gs-status-receive-data-2023.json')).sort(),
    );
  });

  it('carries the radio metadata of the simulated reception into the packet', () => {
    const gateway = {
      eui: 'b827ebfffe8db887',
      latitude: 52.37,
      longitude: 4.9,
      altitude: 12,
      ip: '10.0.0.1',
    };
    const event = ttnV3EventFor({
      kind: 'uplink',
      at: new Date('2024-01-01T00:00:01.050Z'),
      gatewayTime: new Date('2024-01-01T00:00:01.000Z'),
      gateway,
      phyPayload: Buffer.from('ACfYjArJyEX048UA8Y/Vs3DPIj59LUE=', 'base64'),
      tx: { frequency: 868_300_000, spreadingFactor: 9, bandwidth: 125_000, codeRate: '4/5' },
      channel: 1,
      rssi: -97,
      snr: 6.5,
      tmst: 123456789.5,
      uplinkId: Buffer.alloc(16, 7),
      devEui: '70b3d58ff100c5e3',
      attack: null,
    });
    const outcome = parseTtnV3Event(event, { dataSourceId: 1, organizationId: 1, receivedAt: event.time });
    expect(outcome).toMatchObject({
      kind: 'packets',
      packets: [
        {
          gateway: 'b827ebfffe8db887',
          mType: 'JoinRequest',
          devNonce: 8911,
          date: '2024-01-01T00:00:01.000Z',
          rssi: -97,
          lsnr: 6.5,
          frequency: 868_300_000,
          spreadingFactor: 9,
          bandwidth: 125_000,
          codeRate: '4/5',
          tmst: 123456789,
          crcOk: true,
          latitude: 52.37,
          longitude: 4.9,
          altitude: 12,
        },
      ],
    });
    expect(event.unique_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(event.correlation_ids[0]).toMatch(/^gs:uplink:[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('decodes a data uplink the way TTS does, next to its raw_payload', () => {
    const dataUp = messages
      .map(eventOf)
      .find((event) => event.name === 'gs.up.receive' && JSON.stringify(event.data).includes('mac_payload'));
    const message = (dataUp?.data as Json).message as Json;
    const packet = parseTtnV3Event(dataUp, {
      dataSourceId: 1,
      organizationId: 1,
      receivedAt: dataUp?.time ?? '',
    });
    if (packet.kind !== 'packets') throw new Error(JSON.stringify(packet));
    const [frame] = packet.packets;
    const payload = message.payload as {
      m_hdr: Json;
      mic: string;
      mac_payload: { f_hdr: Json; f_port: number };
    };
    expect(payload.m_hdr.m_type).toMatch(/^(UN)?CONFIRMED_UP$/);
    expect(payload.mac_payload.f_hdr.dev_addr).toBe(frame.devAddr?.toUpperCase());
    expect(payload.mac_payload.f_hdr.f_cnt ?? 0).toBe(frame.fCount);
    expect(payload.mac_payload.f_port).toBe(frame.fPort);
    expect(Buffer.from(payload.mic, 'base64').toString('hex')).toBe(frame.mic);
  });

  it('is deterministic: the same seed gives the same events, ids included', () => {
    const fingerprint = (list: SimMessage[]) => list.map((message) => message.payload.toString('base64'));
    expect(fingerprint(run(3))).toEqual(fingerprint(messages.slice(0, run(3).length)));
  });
});

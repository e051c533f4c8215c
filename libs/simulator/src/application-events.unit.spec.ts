import { parseChirpstackApplicationEvent } from '@lorawatch/ingest/application/chirpstack-application-event';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { decodePhyPayload } from '@lorawatch/lorawan/decode-phy-payload';
import { NetworkSimulator, type NetworkSimulatorOptions } from './network-simulator';
import type { SimMessage } from './sim-event';

const BASE: NetworkSimulatorOptions = { devices: 4, gateways: 2, seed: 3, uplinkPeriodSeconds: 20 };

function run(options: NetworkSimulatorOptions, minutes: number): SimMessage[] {
  const simulator = new NetworkSimulator(options);
  const messages: SimMessage[] = [];
  while (simulator.now.getTime() < simulator.startTime.getTime() + minutes * 60_000)
    messages.push(...simulator.next());
  return messages;
}

describe('application events', () => {
  it('are off unless asked', () => {
    expect(run(BASE, 5).some((message) => message.kind === 'application')).toBe(false);
  });

  it.each([
    ['chirpstack-v3', 'v3'],
    ['chirpstack-v3-protobuf', 'v3'],
    ['chirpstack-v4-json', 'v4'],
    ['chirpstack-v4-protobuf', 'v4'],
  ] as const)('%s: bind each device to the DevAddr its data frames carry', (format, version) => {
    const messages = run({ ...BASE, format, applicationEvents: true }, 5);
    const events = messages.filter((message) => message.kind === 'application');
    expect(events.filter((message) => message.topic.endsWith('/event/join'))).toHaveLength(BASE.devices);
    expect(events.filter((message) => message.topic.endsWith('/event/up')).length).toBeGreaterThan(
      BASE.devices * 5,
    );
    const addressOf = new Map<string, string>();
    for (const event of events) {
      const outcome = parseChirpstackApplicationEvent(version, event.topic, event.payload);
      if (outcome.kind !== 'device') throw new Error(JSON.stringify(outcome));
      expect(outcome.devEui).toBe(event.devEui);
      expect(addressOf.get(outcome.devEui) ?? outcome.devAddr).toBe(outcome.devAddr);
      addressOf.set(outcome.devEui, outcome.devAddr);
    }
    expect(addressOf.size).toBe(BASE.devices);
    // Every DevAddr is the one of the device's frames, which the events follow by a fraction of a second.
    for (const message of messages.filter(
      (candidate) => candidate.kind === 'uplink' && format.endsWith('json') && candidate.devEui !== null,
    )) {
      const phy = Buffer.from(
        (JSON.parse(message.payload.toString('utf8')) as { phyPayload: string }).phyPayload,
        'base64',
      );
      const decoded = decodePhyPayload(phy);
      if (!decoded.ok || decoded.frame.devAddr === null) continue;
      expect(decoded.frame.devAddr).toBe(addressOf.get(message.devEui ?? ''));
    }
  });

  it('chirpstack-v3: name every device as an operator would, and the gateways that heard it', () => {
    const messages = run({ ...BASE, format: 'chirpstack-v3', applicationEvents: true }, 5);
    const parse = createChirpstackV3Parser();
    const context = { dataSourceId: 1, organizationId: 1, receivedAt: new Date(0).toISOString() };
    const deviceNames = new Map<string, Set<string>>();
    const gatewayNames = new Map<string, Set<string>>();
    const note = (names: Map<string, Set<string>>, key: string, name: string | null | undefined) => {
      if (name) names.set(key, (names.get(key) ?? new Set()).add(name));
    };
    for (const message of messages) {
      const outcome = parse(message.topic, message.payload, context);
      if (outcome.kind !== 'packets') continue;
      for (const packet of outcome.packets) {
        if (packet.devEui !== null) note(deviceNames, packet.devEui, packet.deviceName);
        if (packet.gateway !== null) note(gatewayNames, packet.gateway, packet.gatewayName);
      }
    }
    // Every device and gateway got a name on its frames, one name each, and no two share one.
    expect(deviceNames.size).toBe(BASE.devices);
    expect(gatewayNames.size).toBe(BASE.gateways);
    const deviceList = [...deviceNames.values()].map((names) => [...names]);
    expect(deviceList.every((names) => names.length === 1)).toBe(true);
    expect(new Set(deviceList.flat()).size).toBe(BASE.devices);
    for (const [name] of deviceList) expect(name).toMatch(/^[a-z]+(-[a-z]+)*-\d{4,5}$/);
    // Names say what devices are, and a network has several kinds.
    expect(new Set(deviceList.map(([name]) => name.replace(/-\d+$/, ''))).size).toBeGreaterThan(1);
    for (const names of gatewayNames.values())
      expect([...names]).toEqual([expect.stringMatching(/^gw-[a-z-]+-[0-9a-f]{4}$/)]);
  });

  it('ttn-v3: none, as TTS streams them to applications, not on the gateway stream', () => {
    const messages = run({ ...BASE, format: 'ttn-v3', applicationEvents: true }, 5);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.some((message) => message.kind === 'application')).toBe(false);
  });
});

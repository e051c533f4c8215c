import { TtnV3Collector } from '@lorawatch/ingest/ttn-v3/ttn-v3-collector';
import { createTtnV3Parser } from '@lorawatch/ingest/ttn-v3/ttn-v3-parser';
import { RecordingSink, waitFor } from '@lorawatch/ingest/testing/recording-sink';
import { type DemoBroker, startDemoBroker } from './demo-broker';
import { NetworkSimulator } from './network-simulator';
import { publishSimulation } from './publish-simulation';
import { parseSimulateArguments } from './simulate-arguments';
import { ttnV3GatewayId } from './ttn-v3-events';
import { startTtnV3Peer, type TtnV3Peer } from './ttn-v3-peer';
import { relayTtnV3Events, type TtnV3Relay } from './ttn-v3-relay';

const KEY = 'NNSXS.DEMO.SECRET';

describe('the ttn-v3 simulation, from the broker through the peer to a collector', () => {
  let broker: DemoBroker;
  let peer: TtnV3Peer;
  let relay: TtnV3Relay;

  const options = { devices: 10, gateways: 3, seed: 9 };
  const gatewayIds = new NetworkSimulator(options).gatewayList().map(ttnV3GatewayId);

  beforeEach(async () => {
    broker = await startDemoBroker(0);
    peer = await startTtnV3Peer({ apiKeys: { [KEY]: gatewayIds } });
    relay = await relayTtnV3Events(`mqtt://127.0.0.1:${broker.port}`, peer);
  });

  afterEach(async () => {
    await relay.close();
    await peer.close();
    await broker.close();
  });

  it('is selectable on the simulate command line', () => {
    const parsed = parseSimulateArguments([
      '--url',
      'mqtt://127.0.0.1:1883',
      '--devices',
      '2',
      '--gateways',
      '1',
      '--rate',
      '1',
      '--format',
      'ttn-v3',
    ]);
    expect(parsed).toMatchObject({ ok: true, options: { format: 'ttn-v3' } });
  });

  it('delivers every simulated frame to the collector as packets', async () => {
    const sink = new RecordingSink();
    const collector = new TtnV3Collector(
      {
        dataSourceId: 1,
        organizationId: 1,
        baseUrl: peer.url,
        gatewayIds,
        apiKey: KEY,
        parse: createTtnV3Parser(),
      },
      sink,
    );
    collector.start();
    await waitFor(() => peer.streamCount() === 1, 'the collector stream');

    const result = await publishSimulation({
      url: `mqtt://127.0.0.1:${broker.port}`,
      ...options,
      rate: 20,
      count: 200,
      format: 'ttn-v3',
      asFastAsPossible: true,
    });
    expect(result.published).toBe(200);
    await waitFor(() => relay.relayed() === 200, 'every message relayed');
    await waitFor(() => collector.counters().received === 201, 'every event at the collector');
    const counters = collector.counters();
    await collector.stop();
    expect(counters.malformed).toBe(0);
    expect(counters.packets).toBe(sink.packets.length);
    expect(sink.packets.length + sink.gateways.length).toBe(200);
    expect([...new Set(sink.packets.map((packet) => packet.mType))]).toEqual(
      expect.arrayContaining(['JoinRequest', 'JoinAccept', 'UnconfirmedDataUp']),
    );
  });
});

import mqtt from 'mqtt';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, defaultPolicyItems } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { callApi, signIn } from '../bench/support/api-client';
import { freePort } from '../bench/support/free-port';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { ComposeStack, dockerStatus, metricSamples } from './support/compose-stack';
import { waitFor } from './support/wait-for';

const ADMIN_PASSWORD = 'Compose!e2e1';
/** docker-compose.yml's PACKET_LOG_PARTITIONS. */
const PARTITIONS = 12;
const MESSAGES = 6000;
/** Messages per second from this test: slow enough that the stream outlives the detectors' rebalance. */
const PUBLISH_RATE = 100;
/** The audited alert: a replayed join request depends on its device's state alone, so it does not depend on how the
 * partitions were shared out, and a plain in-memory run over the same packets must find exactly the same ones. */
const AUDITED_CODE = 'LAF-003';

interface AlertJson {
  id: number;
  type: string;
  created_at: string;
  parameters: {
    dev_eui?: string | null;
    dev_addr?: string | null;
    gateway?: string | null;
    packet_data?: { id: string } | null;
  };
}

const docker = dockerStatus();
// One line, then jest reports the tests as skipped: no image is built and nothing waits.
if (!docker.ok) process.stdout.write(`skipped: ${docker.skip}\n`);
const describeWithDocker = docker.ok ? describe : describe.skip;

/**
 * The scale-out stack of docker-compose.yml, as a user starts it: KurrentDB, Kafka, MongoDB, Mosquitto, the api,
 * a collector, three detector replicas, the projector, and the simulator with every kind of attack. While the test
 * streams a network of its own to the broker, one detector replica is killed; the other two take its partitions
 * over. Then every replayed join request of that network must have exactly one alert, and the alerts must be
 * exactly those the detectors give for those packets in memory: none lost, none doubled.
 */
describeWithDocker('the compose stack (docker compose)', () => {
  let stack: ComposeStack;
  let api: string;
  let mqttPort: number;

  beforeAll(async () => {
    const apiPort = await freePort();
    mqttPort = await freePort();
    api = `http://127.0.0.1:${apiPort}`;
    stack = new ComposeStack(`lorawatch-e2e-${process.pid}`, {
      LORAWATCH_API_PORT: String(apiPort),
      LORAWATCH_MQTT_PORT: String(mqttPort),
      LORAWATCH_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    await stack.up(900);
  }, 1_800_000);

  afterAll(async () => {
    if (!stack) return;
    const logs = await stack.saveLogs();
    process.stdout.write(`compose logs kept in ${logs}\n`);
    await stack.down();
  }, 600_000);

  it('loses and doubles no alert when a detector replica is killed mid-stream', async () => {
    const token = await signIn(api, 'admin', ADMIN_PASSWORD);
    const me = await callApi<{ organization_id: number }>(api, token, 'GET', '/api/v1.0/user_token');
    const dataSource = await waitFor(
      async () => {
        const { data_collectors } = await callApi<{
          data_collectors: Array<{ id: number; name: string; status: string }>;
        }>(api, token, 'GET', '/api/v1.0/data_collectors');
        const source = data_collectors.find((candidate) => candidate.name === 'Mosquitto');
        return source?.status === 'CONNECTED' ? source : null;
      },
      120_000,
      'the setup service\'s data source "Mosquitto" to connect',
    );
    // The simulator service's own traffic is under way and detected.
    await waitFor(
      async () => ((await listAlerts(api, token)).length > 0 ? true : null),
      300_000,
      'the first alerts of the simulator service',
    );

    const detectors = await stack.containers('detector');
    expect(detectors).toHaveLength(3);
    const audited = auditedTraffic();
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { clientId: 'compose-e2e' });
    const killAt = Math.floor(audited.length / 3);
    for (const [index, message] of audited.entries()) {
      await publisher.publishAsync(message.topic, message.payload, { qos: 1 });
      if (index === killAt) await stack.kill(detectors[0]);
      if (index % PUBLISH_RATE === PUBLISH_RATE - 1) await sleep(1000);
    }
    await publisher.endAsync();
    await stack.stop('simulator');
    // Killed, not restarted: the partitions it held can only have been taken over by the two others.
    expect(await stack.isRunning(detectors[0])).toBe(false);
    const survivors = await stack.containers('detector');
    expect(survivors).toHaveLength(2);

    await waitFor(
      async () => ((await detectorLagIsZero(stack, survivors, api)) ? true : null),
      600_000,
      'the detectors to catch up (lorawatch_detector_lag 0 on every partition)',
    );

    const context = { dataSourceId: dataSource.id, organizationId: me.organization_id };
    const packets = audited.flatMap((message) => packetsOf(message, context));
    const auditedIds = new Set(packets.map((packet) => packet.id));
    const expected = runDetection(packets, new PolicyView(defaultPolicyItems()))
      .alerts.filter((alert) => alert.code === AUDITED_CODE)
      .map((alert) => alert.packet.id)
      .sort();
    const replays = audited.filter(
      (message) => message.attack === 'join-replay' && message.kind === 'uplink',
    );
    expect(replays.length).toBeGreaterThan(0);

    // The projector may still be writing the last alerts: wait for the audited ones to settle on the expected set.
    let listed: AlertJson[] = [];
    const auditedAlertPackets = () =>
      listed
        .filter(
          (alert) => alert.type === AUDITED_CODE && auditedIds.has(alert.parameters.packet_data?.id ?? ''),
        )
        .map((alert) => alert.parameters.packet_data?.id ?? '')
        .sort();
    await waitFor(
      async () => {
        listed = await listAlerts(api, token);
        return auditedAlertPackets().length >= expected.length ? true : null;
      },
      180_000,
      `${expected.length} ${AUDITED_CODE} alerts of the audited network`,
    ).catch(() => undefined);

    // None lost, none extra, none doubled.
    expect(auditedAlertPackets()).toEqual(expected);
    // Every join request the attacker replayed has its alert.
    const alerted = new Set(auditedAlertPackets());
    for (const replay of replays) {
      const ids = packetsOf(replay, context).map((packet) => packet.id);
      expect(ids.some((id) => alerted.has(id))).toBe(true);
    }
    // And across everything the stack raised, the simulator service's traffic included: no alert twice.
    const keys = listed.map(
      (alert) =>
        `${alert.type}|${alert.parameters.dev_eui ?? alert.parameters.dev_addr ?? ''}|` +
        `${alert.parameters.gateway ?? ''}|${alert.parameters.packet_data?.id ?? alert.created_at}`,
    );
    const doubled = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(doubled).toEqual([]);
  }, 1_800_000);
});

/** A network of its own (not the simulator service's seed), with join replays, known message by message. */
function auditedTraffic(): SimMessage[] {
  const simulator = new NetworkSimulator({
    devices: 30,
    gateways: 3,
    seed: 20260,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 60,
  });
  const messages: SimMessage[] = [];
  while (messages.length < MESSAGES) messages.push(...simulator.next().filter((message) => !message.retain));
  return messages;
}

function packetsOf(message: SimMessage, context: { dataSourceId: number; organizationId: number }): Packet[] {
  const outcome = parseChirpstackV3Message(message.topic, message.payload, {
    ...context,
    receivedAt: new Date().toISOString(),
  });
  return outcome.kind === 'packets' ? outcome.packets : [];
}

async function listAlerts(api: string, token: string): Promise<AlertJson[]> {
  return callApi<AlertJson[]>(api, token, 'GET', '/api/v1.0/alerts?include_parameters=true');
}

/**
 * Each detector's /metrics recomputes the lag of every partition from the committed checkpoints when scraped; the
 * api's is read too, in case it exports the gauge. A partition counts as caught up when some live source says 0,
 * so a source that only refreshes the partitions it holds cannot keep a stale value in the way. A replica that does
 * not answer (yet) makes this round say no.
 */
async function detectorLagIsZero(stack: ComposeStack, detectors: string[], api: string): Promise<boolean> {
  let expositions: string[];
  try {
    expositions = await Promise.all(
      detectors.map((container) => stack.fetchInside(container, 'http://127.0.0.1:9464/metrics')),
    );
    expositions.push(await (await fetch(`${api}/metrics`)).text());
  } catch {
    return false;
  }
  const lowest = new Map<string, number>();
  for (const exposition of expositions) {
    for (const [partition, lag] of metricSamples(exposition, 'lorawatch_detector_lag', 'partition')) {
      lowest.set(partition, Math.min(lag, lowest.get(partition) ?? Infinity));
    }
  }
  return lowest.size === PARTITIONS && [...lowest.values()].every((lag) => lag === 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

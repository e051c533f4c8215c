import mqtt, { type MqttClient } from 'mqtt';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import type { SimMessage } from '@lorawatch/simulator/sim-event';
import { secondsSince, sleep } from './stats';

/** Publishes in flight at once when publishing as fast as the broker takes them. */
const IN_FLIGHT = 200;
/** Paced publishing: at most this many unacknowledged publishes before waiting for the broker. */
const PACED_IN_FLIGHT = 2000;
/** The raw rate's run, at most. */
const RAW_TIMEOUT_MS = 300_000;
/** How long to wait for the broker's last acknowledgements once everything is published. */
const ACK_WAIT_MS = 30_000;

/**
 * Waits for publishing to end, at most `ms`; false if it has not. Callers check delivery on the server's side (the
 * frames it stored) and only need the acknowledgements to stop waiting.
 */
export async function settledWithin(publishing: Promise<unknown>, ms = ACK_WAIT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([publishing.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const isFrame = (message: SimMessage) => message.kind === 'uplink' || message.kind === 'downlink';

let clients = 0;
const clientId = (role: string) => `bench-${role}-${process.pid}-${++clients}`;

export async function connect(port: number, role: string): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: clientId(role) });
}

/** The in-process broker (aedes, in a worker thread) the simulated network publishes to. */
export function startBroker(): Promise<DemoBroker> {
  return startDemoBroker(0);
}

/** Publishes every message at QoS 1, as fast as the broker acknowledges them, in order of start. */
export async function publishAll(client: MqttClient, messages: readonly SimMessage[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < messages.length) {
      const message = messages[next++];
      await client.publishAsync(message.topic, message.payload, { qos: 1, retain: false });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

/** A message and when, in milliseconds after the start of its run, it is published. */
export interface Scheduled {
  atMs: number;
  message: SimMessage;
}

export interface PacedRun {
  /** Resolves with the number of messages published once all are acknowledged, or publishing was stopped. */
  done: Promise<number>;
  /** `performance.now()` at the start: `atMs` counts from here. */
  startedAt: number;
  stop(): void;
  /** Messages handed to the client so far. */
  published(): number;
}

/**
 * Publishes a schedule (in order of `atMs`, read lazily) in real time at QoS 1: each message when its time comes,
 * without waiting for the previous one's acknowledgement, as gateways do (the broker queues what a slow
 * subscriber has not taken). `onPublish` hears of each message just before it goes out, with `performance.now()`.
 */
export function publishPaced(
  client: MqttClient,
  schedule: Iterator<Scheduled>,
  onPublish?: (scheduled: Scheduled, at: number) => void,
): PacedRun {
  let stopped = false;
  let published = 0;
  let inFlight = 0;
  const startedAt = performance.now();
  let upcoming = schedule.next();
  const done = (async () => {
    while (!upcoming.done && !stopped) {
      const now = performance.now() - startedAt;
      while (!upcoming.done && upcoming.value.atMs <= now && inFlight < PACED_IN_FLIGHT && !stopped) {
        const scheduled = upcoming.value;
        onPublish?.(scheduled, performance.now());
        inFlight++;
        published++;
        client.publish(scheduled.message.topic, scheduled.message.payload, { qos: 1, retain: false }, () => {
          inFlight--;
        });
        upcoming = schedule.next();
      }
      const wait = upcoming.done ? 0 : upcoming.value.atMs - (performance.now() - startedAt);
      await sleep(Math.max(1, Math.min(wait, 20)));
    }
    // A publish whose connection dropped is never acknowledged (mqtt.js calls no callback): wait a while only.
    const deadline = performance.now() + ACK_WAIT_MS;
    while (inFlight > 0 && performance.now() < deadline) await sleep(5);
    return published;
  })();
  return { done, startedAt, stop: () => (stopped = true), published: () => published };
}

/** A steady stream of a simulated network's messages (retained ones left out) at `rate` per second. */
export function* steadyStream(
  next: () => SimMessage[],
  rate: number,
  fromMs = 0,
): Generator<Scheduled, never, undefined> {
  let index = 0;
  for (;;) {
    for (const message of next()) {
      if (message.retain) continue;
      yield { atMs: fromMs + (index++ * 1000) / rate, message };
    }
  }
}

/** Two schedules as one, in order of time. */
export function* mergeSchedules(a: Iterator<Scheduled>, b: Iterator<Scheduled>): Generator<Scheduled> {
  let left = a.next();
  let right = b.next();
  while (!left.done || !right.done) {
    if (right.done || (!left.done && left.value.atMs <= right.value.atMs)) {
      yield left.value as Scheduled;
      left = a.next();
    } else {
      yield right.value;
      right = b.next();
    }
  }
}

/** A subscriber that does nothing but count what the broker delivers (QoS 1): the reference of every scenario. */
export class BareSubscriber {
  received = 0;
  private listeners: Array<(topic: string, payload: Buffer) => void> = [];

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      this.received++;
      for (const listener of this.listeners) listener(topic, payload);
    });
  }

  static async start(port: number): Promise<BareSubscriber> {
    const client = await connect(port, 'bare-subscriber');
    await client.subscribeAsync('#', { qos: 1 });
    return new BareSubscriber(client);
  }

  onMessage(listener: (topic: string, payload: Buffer) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

/** Seconds for the broker to deliver all these messages, published as fast as it takes them, to a bare subscriber. */
export async function rawSeconds(port: number, messages: readonly SimMessage[]): Promise<number> {
  const subscriber = await BareSubscriber.start(port);
  const publisher = await connect(port, 'raw-publisher');
  try {
    const all = new Promise<void>((resolve) =>
      subscriber.onMessage(() => {
        if (subscriber.received === messages.length) resolve();
      }),
    );
    const started = process.hrtime.bigint();
    const publishing = publishAll(publisher, messages);
    if (!(await settledWithin(all, RAW_TIMEOUT_MS))) {
      throw new Error(`the bare subscriber received ${subscriber.received} of ${messages.length} messages`);
    }
    const seconds = secondsSince(started);
    await settledWithin(publishing, 5000);
    return seconds;
  } finally {
    await publisher.endAsync(true);
    await subscriber.close();
  }
}

import mqtt from 'mqtt';
import { NetworkSimulator } from './network-simulator';
import type { AttackKind, SimMessage } from './sim-event';
import type { SimFormatName } from './wire-format';

export interface PublishSimulationOptions {
  url: string;
  username?: string;
  password?: string;
  format?: SimFormatName;
  devices: number;
  gateways: number;
  /** Radio uplinks per second over the whole network (each heard by 1–3 gateways, so more messages). */
  rate: number;
  attacks?: readonly AttackKind[];
  /** Stop after this much (simulated) time. */
  durationSeconds?: number;
  /** Stop after this many published messages. */
  count?: number;
  seed: number;
  /** Average simulated seconds between two attacks of each kind (default 300). */
  attackIntervalSeconds?: number;
  /** Also publish ChirpStack application events (see NetworkSimulatorOptions). Default false. */
  applicationEvents?: boolean;
  /** Publish without pacing, as fast as the broker acknowledges (benchmarks). Default false: real time. */
  asFastAsPossible?: boolean;
  /** QoS 1 publishes awaiting their PUBACK at once. Default 200. */
  maxInFlight?: number;
  signal?: AbortSignal;
  onProgress?: (progress: PublishProgress) => void;
  progressIntervalMs?: number;
}

export interface PublishProgress {
  published: number;
  uplinks: number;
  attacks: number;
  /** Wall-clock seconds since the start. */
  elapsedSeconds: number;
  /** Simulated seconds since the start (equal to elapsed when paced in real time). */
  simulatedSeconds: number;
}

/**
 * Runs a simulated network against an MQTT broker with QoS 1: paced in real time (demo mode, manual tests)
 * or flat out (benchmarks). Stops at `durationSeconds`, `count` or the abort signal, whichever comes first;
 * without any of them it runs until aborted.
 */
export async function publishSimulation(options: PublishSimulationOptions): Promise<PublishProgress> {
  if (!(options.rate > 0)) throw new RangeError(`rate must be positive, got ${options.rate}`);
  const realStart = Date.now();
  const simulator = new NetworkSimulator({
    devices: options.devices,
    gateways: options.gateways,
    seed: options.seed,
    attacks: options.attacks,
    format: options.format,
    startTime: new Date(realStart),
    uplinkPeriodSeconds: options.devices / options.rate,
    attackIntervalSeconds: options.attackIntervalSeconds,
    applicationEvents: options.applicationEvents,
  });
  const client = await mqtt.connectAsync(options.url, {
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
  });
  let failure: Error | undefined;
  client.on('error', (error) => {
    failure ??= error;
  });

  const progress: PublishProgress = {
    published: 0,
    uplinks: 0,
    attacks: 0,
    elapsedSeconds: 0,
    simulatedSeconds: 0,
  };
  const snapshot = (): PublishProgress => ({
    ...progress,
    elapsedSeconds: (Date.now() - realStart) / 1000,
    simulatedSeconds: (simulator.now.getTime() - realStart) / 1000,
  });
  const ticker =
    options.onProgress &&
    setInterval(() => options.onProgress?.(snapshot()), options.progressIntervalMs ?? 5000);
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = options.maxInFlight ?? 200;
  const endMs = options.durationSeconds === undefined ? Infinity : realStart + options.durationSeconds * 1000;
  const done = () =>
    options.signal?.aborted === true ||
    failure !== undefined ||
    (options.count !== undefined && progress.published >= options.count);

  const publish = (message: SimMessage): void => {
    const sent: Promise<void> = client
      .publishAsync(message.topic, message.payload, { qos: 1, retain: message.retain })
      .then(
        () => undefined,
        (error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    progress.published += 1;
    if (message.kind === 'uplink' && message.attack === null) progress.uplinks += 1;
    if (message.attack !== null) progress.attacks += 1;
  };

  try {
    outer: while (!done()) {
      for (const message of simulator.next()) {
        if (done()) break outer;
        if (message.at.getTime() >= endMs) {
          // A paced run lasts its duration even when the network is quiet at the end.
          if (!options.asFastAsPossible) await sleepUntil(endMs, options.signal);
          break outer;
        }
        if (!options.asFastAsPossible) await sleepUntil(message.at.getTime(), options.signal);
        while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
        if (options.signal?.aborted) break outer;
        publish(message);
      }
    }
    await Promise.all(inFlight);
  } finally {
    if (ticker) clearInterval(ticker);
    await client.endAsync();
  }
  if (failure) throw failure;
  return snapshot();
}

async function sleepUntil(whenMs: number, signal: AbortSignal | undefined): Promise<void> {
  const wait = whenMs - Date.now();
  if (wait <= 0 || signal?.aborted) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, wait);
    signal?.addEventListener('abort', finish, { once: true });
    function finish() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', finish);
      resolve();
    }
  });
}

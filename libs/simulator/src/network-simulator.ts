import { ATTACK_KINDS, type AttackKind } from './attack-kinds';
import { attackRound, installAttackDevices } from './attack-rounds';
import type { SimEvent, SimGateway, SimMessage } from './sim-event';
import { type AttackIncident, SimulationCore } from './simulation-core';
import type { SimFormatName, WireFormat } from './wire-format';
import { formatFor } from './wire-formats';

export type { AttackIncident } from './simulation-core';
export type { SimMessage } from './sim-event';

export interface NetworkSimulatorOptions {
  devices: number;
  gateways: number;
  seed: number;
  attacks?: readonly AttackKind[];
  /** Default 2024-01-01T00:00:00Z, so that a seed alone fixes every byte; pass the clock for live traffic. */
  startTime?: Date;
  /** Mean time between two uplinks of one device. Default 60. */
  uplinkPeriodSeconds?: number;
  /** Mean time between two rounds of each requested attack. Default 300. */
  attackIntervalSeconds?: number;
  /** Mean time between two joins of a healthy device. Default 86400 (daily). */
  rejoinPeriodSeconds?: number;
  /**
   * Also publish the application events (join, up) a ChirpStack server sends for the devices it accepts,
   * which tell collectors the DevEUI of data frames. Ignored by formats without them (ttn-v3). Default false.
   */
  applicationEvents?: boolean;
  format?: SimFormatName;
}

/** What a test or benchmark may know that the network never says: the devices' root keys and roles. */
export interface DeviceProfile {
  devEui: string;
  joinEui: string;
  appKey: string;
  activation: 'otaa' | 'abp';
  /** The attack the device was installed for or fell victim to so far; null for a healthy device. */
  role: AttackKind | null;
}

const DEFAULT_START = new Date('2024-01-01T00:00:00.000Z');
/** Nothing to attack yet (nobody joined long enough ago): look again this soon rather than an interval later. */
const ATTACK_RETRY_MS = 30_000;

/**
 * A LoRaWAN network in simulated time (simulation-core.ts) with optional attacks and anomalies
 * (attack-rounds.ts), each played in rounds at the attack interval. Every frame is valid (real keys, real
 * MICs). Deterministic: the same options give the same messages, byte for byte; `next()` advances the
 * simulated clock to the next thing that happens and returns the messages it caused.
 */
export class NetworkSimulator {
  private readonly core: SimulationCore;
  private readonly format: WireFormat;
  private readonly attackIntervalMs: number;

  constructor(options: NetworkSimulatorOptions) {
    validate(options);
    this.format = formatFor(options.format ?? 'chirpstack-v3');
    this.attackIntervalMs = (options.attackIntervalSeconds ?? 300) * 1000;
    const startMs = (options.startTime ?? DEFAULT_START).getTime();
    this.core = new SimulationCore({
      devices: options.devices,
      gateways: options.gateways,
      seed: options.seed,
      startMs,
      periodMs: (options.uplinkPeriodSeconds ?? 60) * 1000,
      rejoinPeriodMs: (options.rejoinPeriodSeconds ?? 86_400) * 1000,
      applicationEvents: options.applicationEvents ?? false,
    });
    const kinds = new Set(options.attacks ?? []);
    installAttackDevices(this.core, kinds);
    for (const kind of kinds) {
      this.core.schedule(this.attackIntervalMs * this.core.random.between(0.5, 1), { type: 'attack', kind });
    }
  }

  /** The simulated time of the last step. */
  get now(): Date {
    return this.core.now;
  }

  get startTime(): Date {
    return new Date(this.core.settings.startMs);
  }

  deviceProfiles(): DeviceProfile[] {
    return this.core.devices.map(({ devEui, joinEui, appKey, activation, role }) => ({
      devEui,
      joinEui,
      appKey: appKey.toString('hex'),
      activation,
      role,
    }));
  }

  gatewayList(): SimGateway[] {
    return this.core.gateways.map(({ gateway }) => ({ ...gateway }));
  }

  /** What the attack rounds did so far, in order. */
  incidents(): AttackIncident[] {
    return this.core.incidents.map((incident) => ({ ...incident }));
  }

  /** Advances to the next thing that happens on the network; never empty (the network runs forever). */
  next(): SimMessage[] {
    for (;;) {
      const scheduled = this.core.queue.pop();
      if (scheduled === undefined) throw new Error('simulation has nothing scheduled');
      this.core.clockMs = scheduled.at;
      const action = scheduled.item;
      const events = action.type === 'attack' ? this.attack(action.kind) : this.core.run(action);
      const messages = events.flatMap((event) => this.encode(event) ?? []);
      if (messages.length > 0) return messages;
    }
  }

  private attack(kind: AttackKind): SimEvent[] {
    const events = attackRound(this.core, kind);
    const wait =
      events === null ? ATTACK_RETRY_MS : this.attackIntervalMs * this.core.random.between(0.8, 1.2);
    this.core.schedule(wait, { type: 'attack', kind });
    return events ?? [];
  }

  private encode(event: SimEvent): SimMessage | null {
    const encoded = this.format.encode(event);
    if (encoded === null) return null;
    const { topic, payload, retain } = encoded;
    switch (event.kind) {
      case 'uplink':
      case 'downlink':
      case 'application':
        return {
          topic,
          payload,
          retain,
          at: event.at,
          kind: event.kind,
          attack: event.attack,
          devEui: event.devEui,
        };
      case 'gateway-stats':
        return {
          topic,
          payload,
          retain,
          at: event.at,
          kind: event.kind,
          attack: event.attack ?? null,
          devEui: null,
        };
      case 'gateway-connection':
        return { topic, payload, retain, at: event.at, kind: event.kind, attack: null, devEui: null };
    }
  }
}

function validate(options: NetworkSimulatorOptions): void {
  const positiveInteger = (value: number, name: string) => {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`${name} must be a positive integer, got ${value}`);
  };
  positiveInteger(options.devices, 'devices');
  positiveInteger(options.gateways, 'gateways');
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
  for (const attack of options.attacks ?? []) {
    if (!ATTACK_KINDS.includes(attack)) throw new RangeError(`unknown attack ${String(attack)}`);
  }
  for (const [name, value] of [
    ['uplinkPeriodSeconds', options.uplinkPeriodSeconds],
    ['attackIntervalSeconds', options.attackIntervalSeconds],
    ['rejoinPeriodSeconds', options.rejoinPeriodSeconds],
  ] as const) {
    if (value !== undefined && !(value > 0)) throw new RangeError(`${name} must be positive, got ${value}`);
  }
  if (options.startTime !== undefined && Number.isNaN(options.startTime.getTime())) {
    throw new RangeError('startTime is not a valid date');
  }
}

import {
  buildDataDown,
  buildDataUp,
  buildJoinAccept,
  buildJoinRequest,
} from '@lorawatch/lorawan/build-frames';
import { deriveSessionKeys } from '@lorawatch/lorawan/join';
import { EventQueue } from './event-queue';
import { linksFor, placeGateways } from './network-layout';
import { receive, type Reception, snrFor } from './radio-link';
import { Random } from './random';
import { createDevice, freshDevNonce, type SimDevice } from './sim-device';
import {
  ATTACK_KINDS,
  type AttackKind,
  type DownlinkEvent,
  type LoRaTx,
  type SimEvent,
  type SimGateway,
  type SimMessage,
  type UplinkEvent,
} from './sim-event';
import { formatFor, type SimFormatName, type WireFormat } from './wire-format';

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
  format?: SimFormatName;
}

/** What a test or benchmark may know that the network never says: the devices' root keys. */
export interface DeviceProfile {
  devEui: string;
  joinEui: string;
  appKey: string;
}

interface GatewayState {
  gateway: SimGateway;
  /** The concentrator counter is free-running from an arbitrary value. */
  tmstOffset: number;
  rxReceived: number;
  txReceived: number;
}

type Action =
  | { type: 'gateway-online'; gateway: GatewayState }
  | { type: 'gateway-stats'; gateway: GatewayState }
  | { type: 'join'; device: SimDevice; attack: 'devnonce-repeat' | null }
  | {
      type: 'join-accept';
      device: SimDevice;
      gateway: GatewayState;
      tx: LoRaTx;
      devNonce: number;
      attack: AttackKind | null;
    }
  | { type: 'uplink'; device: SimDevice }
  | { type: 'ack'; device: SimDevice; gateway: GatewayState; tx: LoRaTx }
  | { type: 'attack'; kind: AttackKind };

const EU868_CHANNELS = [868_100_000, 868_300_000, 868_500_000];
/** NetID 000000 (experimental/private): DevAddrs then have NwkID 0, i.e. 00000000–01ffffff. */
const NET_ID = '000000';
const STATS_INTERVAL_MS = 30_000;
const CONFIRMED_PROBABILITY = 0.1;
/** An attacker replays a join request it captured at least this long ago. */
const MIN_CAPTURE_AGE_MS = 60_000;
const DEFAULT_START = new Date('2024-01-01T00:00:00.000Z');

/**
 * A LoRaWAN network in simulated time: OTAA joins, periodic uplinks heard by 1–3 gateways, join accepts
 * and ACKs on the command topics, gateway stats, and optional attacks. Every frame is valid (real keys,
 * real MICs). Deterministic: the same options give the same messages, byte for byte; `next()` advances
 * the simulated clock to the next thing that happens and returns the messages it caused.
 */
export class NetworkSimulator {
  private readonly random: Random;
  private readonly queue = new EventQueue<Action>();
  private readonly devices: SimDevice[];
  private readonly gateways: GatewayState[];
  private readonly byEui: Map<string, GatewayState>;
  private readonly format: WireFormat;
  private readonly startMs: number;
  private readonly periodMs: number;
  private readonly attackIntervalMs: number;
  private clockMs: number;
  private nextToken = 1;

  constructor(options: NetworkSimulatorOptions) {
    validate(options);
    this.random = new Random(options.seed);
    this.format = formatFor(options.format ?? 'chirpstack-v3');
    this.startMs = (options.startTime ?? DEFAULT_START).getTime();
    this.clockMs = this.startMs;
    this.periodMs = (options.uplinkPeriodSeconds ?? 60) * 1000;
    this.attackIntervalMs = (options.attackIntervalSeconds ?? 300) * 1000;

    const placed = placeGateways(options.gateways, this.random);
    this.gateways = placed.map(({ gateway }) => ({
      gateway,
      tmstOffset: this.random.int(0, 0xffffffff),
      rxReceived: 0,
      txReceived: 0,
    }));
    this.byEui = new Map(this.gateways.map((state) => [state.gateway.eui, state]));
    const joinEui = `70b3d57ed0${this.random.hex(3)}`;
    this.devices = Array.from({ length: options.devices }, (_unused, index) =>
      createDevice(index, joinEui, linksFor(placed, this.random), this.random),
    );

    for (const gateway of this.gateways) {
      this.queue.push(this.startMs, { type: 'gateway-online', gateway });
      this.queue.push(this.startMs + this.random.between(0, STATS_INTERVAL_MS), {
        type: 'gateway-stats',
        gateway,
      });
    }
    for (const device of this.devices) {
      this.queue.push(this.startMs + this.random.between(0, this.periodMs), {
        type: 'join',
        device,
        attack: null,
      });
    }
    for (const kind of new Set(options.attacks ?? [])) {
      this.queue.push(this.startMs + this.attackIntervalMs * this.random.between(0.5, 1), {
        type: 'attack',
        kind,
      });
    }
  }

  /** The simulated time of the last step. */
  get now(): Date {
    return new Date(this.clockMs);
  }

  get startTime(): Date {
    return new Date(this.startMs);
  }

  deviceProfiles(): DeviceProfile[] {
    return this.devices.map(({ devEui, joinEui, appKey }) => ({
      devEui,
      joinEui,
      appKey: appKey.toString('hex'),
    }));
  }

  gatewayList(): SimGateway[] {
    return this.gateways.map(({ gateway }) => ({ ...gateway }));
  }

  /** Advances to the next thing that happens on the network; never empty (the network runs forever). */
  next(): SimMessage[] {
    for (;;) {
      const scheduled = this.queue.pop();
      if (scheduled === undefined) throw new Error('simulation has nothing scheduled');
      this.clockMs = scheduled.at;
      const events = this.run(scheduled.item);
      if (events.length > 0) return events.map((event) => this.encode(event));
    }
  }

  private encode(event: SimEvent): SimMessage {
    const { topic, payload, retain } = this.format.encode(event);
    const isFrame = event.kind === 'uplink' || event.kind === 'downlink';
    return {
      topic,
      payload,
      retain,
      at: event.at,
      kind: event.kind,
      attack: isFrame ? event.attack : null,
      devEui: isFrame ? event.devEui : null,
    };
  }

  private run(action: Action): SimEvent[] {
    switch (action.type) {
      case 'gateway-online':
        return [{ kind: 'gateway-connection', at: this.now, gateway: action.gateway.gateway, online: true }];
      case 'gateway-stats':
        return [this.gatewayStats(action.gateway)];
      case 'join':
        return this.join(action.device, action.attack);
      case 'join-accept':
        return [this.joinAccept(action)];
      case 'uplink':
        return this.uplink(action.device);
      case 'ack':
        return this.ack(action.device, action.gateway, action.tx);
      case 'attack':
        return this.attack(action.kind);
    }
  }

  private gatewayStats(state: GatewayState): SimEvent {
    this.queue.push(this.clockMs + STATS_INTERVAL_MS, { type: 'gateway-stats', gateway: state });
    const event: SimEvent = {
      kind: 'gateway-stats',
      at: this.now,
      gateway: state.gateway,
      rxPacketsReceived: state.rxReceived,
      rxPacketsReceivedOK: state.rxReceived,
      txPacketsReceived: state.txReceived,
      txPacketsEmitted: state.txReceived,
      statsId: this.random.bytes(16),
    };
    state.rxReceived = 0;
    state.txReceived = 0;
    return event;
  }

  private join(device: SimDevice, attack: 'devnonce-repeat' | null): SimEvent[] {
    const devNonce =
      attack === 'devnonce-repeat' ? this.reusedDevNonce(device) : freshDevNonce(device, this.random);
    if (attack === null) device.usedDevNonces.push(devNonce);
    const frame = buildJoinRequest({
      appKey: device.appKey,
      joinEui: device.joinEui,
      devEui: device.devEui,
      devNonce,
    });
    device.capturedJoinRequest = frame;
    device.session = null;
    const tx = this.txFor(device);
    const receptions = receive(device.links, this.random);
    const best = receptions.reduce((a, b) => (b.rssi > a.rssi ? b : a));
    this.queue.push(this.clockMs + this.random.between(1000, 5000), {
      type: 'join-accept',
      device,
      gateway: this.gatewayState(best.gateway),
      tx,
      devNonce,
      attack,
    });
    return receptions.map((reception) => this.uplinkEvent(device, frame, tx, reception, attack));
  }

  /** An older nonce when there is one, so the repeat is not simply the last join again. */
  private reusedDevNonce(device: SimDevice): number {
    const used = device.usedDevNonces;
    return used.length > 1 ? this.random.pick(used.slice(0, -1)) : used[0];
  }

  private joinAccept(action: Extract<Action, { type: 'join-accept' }>): DownlinkEvent {
    const { device, devNonce } = action;
    device.joinNonce = (device.joinNonce + 1) & 0xffffff;
    const devAddr = this.random.int(0, 0x01ffffff).toString(16).padStart(8, '0');
    const frame = buildJoinAccept({
      appKey: device.appKey,
      joinNonce: device.joinNonce,
      netId: NET_ID,
      devAddr,
    });
    const keys = deriveSessionKeys(device.appKey, device.joinNonce, NET_ID, devNonce);
    device.session = { devAddr, ...keys, fCntUp: 0, fCntDown: 0 };
    device.joinedAt = this.clockMs;
    if (!device.uplinksScheduled) {
      device.uplinksScheduled = true;
      this.queue.push(this.clockMs + this.random.between(5000, Math.max(5000, this.periodMs)), {
        type: 'uplink',
        device,
      });
    }
    return this.downlinkEvent(device, frame, action.gateway, action.tx, action.attack);
  }

  private uplink(device: SimDevice): SimEvent[] {
    this.queue.push(this.clockMs + this.periodMs * this.random.between(0.9, 1.1), { type: 'uplink', device });
    const session = device.session;
    if (session === null) return [];
    const confirmed = this.random.chance(CONFIRMED_PROBABILITY);
    const frame = buildDataUp({
      nwkSKey: session.nwkSKey,
      appSKey: session.appSKey,
      devAddr: session.devAddr,
      fCnt: session.fCntUp,
      fPort: device.fPort,
      payload: this.random.bytes(device.payloadSize),
      confirmed,
      adr: true,
    });
    session.fCntUp += 1;
    const tx = this.txFor(device);
    const receptions = receive(device.links, this.random);
    if (confirmed) {
      const best = receptions.reduce((a, b) => (b.rssi > a.rssi ? b : a));
      this.queue.push(this.clockMs + this.random.between(900, 1100), {
        type: 'ack',
        device,
        gateway: this.gatewayState(best.gateway),
        tx,
      });
    }
    return receptions.map((reception) => this.uplinkEvent(device, frame, tx, reception, null));
  }

  private ack(device: SimDevice, gateway: GatewayState, tx: LoRaTx): DownlinkEvent[] {
    const session = device.session;
    // The device started a new join since: its old session is gone, and so is the ACK.
    if (session === null) return [];
    const frame = buildDataDown({
      nwkSKey: session.nwkSKey,
      appSKey: session.appSKey,
      devAddr: session.devAddr,
      fCnt: session.fCntDown,
      fPort: null,
      payload: Buffer.alloc(0),
      ack: true,
    });
    session.fCntDown += 1;
    return [this.downlinkEvent(device, frame, gateway, tx, null)];
  }

  private attack(kind: AttackKind): SimEvent[] {
    const eligible = this.devices.filter(
      (device) =>
        device.session !== null &&
        device.joinedAt !== null &&
        this.clockMs - device.joinedAt >= MIN_CAPTURE_AGE_MS,
    );
    // Nobody joined long enough ago yet: look again soon rather than a whole interval later.
    const wait = eligible.length === 0 ? 30_000 : this.attackIntervalMs * this.random.between(0.8, 1.2);
    this.queue.push(this.clockMs + wait, { type: 'attack', kind });
    if (eligible.length === 0) return [];
    const device = this.random.pick(eligible);
    return kind === 'join-replay' ? [this.replayJoinRequest(device)] : this.join(device, 'devnonce-repeat');
  }

  /**
   * The attacker re-transmits the captured join request verbatim, from its own radio: heard by one gateway,
   * preferably one that does not normally hear the device, at a level unlike the device's. The network
   * server refuses the used DevNonce, so no join accept follows.
   */
  private replayJoinRequest(device: SimDevice): UplinkEvent {
    const usual = new Set(device.links.map((link) => link.gateway.eui));
    const strangers = this.gateways.filter((state) => !usual.has(state.gateway.eui));
    const gateway = this.random.pick(strangers.length > 0 ? strangers : this.gateways).gateway;
    const baseline = device.links[0].meanRssi;
    const shift = this.random.between(20, 35);
    const rssi = Math.round(
      Math.max(-130, Math.min(-30, baseline < -70 ? baseline + shift : baseline - shift)),
    );
    const reception: Reception = { gateway, rssi, snr: Math.round(snrFor(rssi) * 10) / 10 };
    const frame = device.capturedJoinRequest;
    if (frame === null) throw new Error('replay of a device that never joined');
    return this.uplinkEvent(device, frame, this.txFor(device), reception, 'join-replay');
  }

  private uplinkEvent(
    device: SimDevice,
    frame: Buffer,
    tx: LoRaTx,
    reception: Reception,
    attack: AttackKind | null,
  ): UplinkEvent {
    const state = this.gatewayState(reception.gateway);
    state.rxReceived += 1;
    return {
      kind: 'uplink',
      // Each gateway's backhaul adds its own delay before the message reaches the broker.
      at: new Date(this.clockMs + this.random.int(5, 60)),
      gatewayTime: this.now,
      gateway: reception.gateway,
      phyPayload: frame,
      tx,
      channel: EU868_CHANNELS.indexOf(tx.frequency),
      rssi: reception.rssi,
      snr: reception.snr,
      tmst: (state.tmstOffset + (this.clockMs - this.startMs) * 1000) % 2 ** 32,
      uplinkId: this.random.bytes(16),
      devEui: device.devEui,
      attack,
    };
  }

  private downlinkEvent(
    device: SimDevice,
    frame: Buffer,
    gateway: GatewayState,
    tx: LoRaTx,
    attack: AttackKind | null,
  ): DownlinkEvent {
    gateway.txReceived += 1;
    return {
      kind: 'downlink',
      at: this.now,
      gateway: gateway.gateway,
      phyPayload: frame,
      tx,
      power: 14,
      token: this.nextToken++ & 0xffff,
      downlinkId: this.random.bytes(16),
      devEui: device.devEui,
      attack,
    };
  }

  private txFor(device: SimDevice): LoRaTx {
    return {
      frequency: this.random.pick(EU868_CHANNELS),
      spreadingFactor: device.spreadingFactor,
      bandwidth: 125_000,
      codeRate: '4/5',
    };
  }

  private gatewayState(gateway: SimGateway): GatewayState {
    const state = this.byEui.get(gateway.eui);
    if (state === undefined) throw new Error(`unknown gateway ${gateway.eui}`);
    return state;
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
  ] as const) {
    if (value !== undefined && !(value > 0)) throw new RangeError(`${name} must be positive, got ${value}`);
  }
  if (options.startTime !== undefined && Number.isNaN(options.startTime.getTime())) {
    throw new RangeError('startTime is not a valid date');
  }
}

import {
  buildDataDown,
  buildDataUp,
  buildJoinAccept,
  buildJoinRequest,
} from '@lorawatch/lorawan/build-frames';
import { deriveSessionKeys } from '@lorawatch/lorawan/join';
import type { AttackKind } from './attack-kinds';
import { EventQueue } from './event-queue';
import { linksFor, type PlacedGateway, placeGateways } from './network-layout';
import { receive, type Reception } from './radio-link';
import { Random } from './random';
import { createDevice, freshDevNonce, type SimDevice } from './sim-device';
import type { ApplicationEvent, DownlinkEvent, LoRaTx, SimEvent, SimGateway, UplinkEvent } from './sim-event';

export interface SimulationSettings {
  devices: number;
  gateways: number;
  seed: number;
  startMs: number;
  periodMs: number;
  rejoinPeriodMs: number;
  applicationEvents: boolean;
}

export interface GatewayState {
  gateway: SimGateway;
  /** The concentrator counter is free-running from an arbitrary value. */
  tmstOffset: number;
  rxReceived: number;
  txReceived: number;
  /** Where the gateway really is; `gateway` holds what it reports. */
  home: { latitude: number; longitude: number };
  /** Its packet forwarder died: no more uplinks or stats, while the bridge stays connected. */
  silent: boolean;
  /** The attack the gateway is under now, if any. */
  role: AttackKind | null;
}

/** How one join goes, besides the device's own behaviour. */
export interface JoinOptions {
  /** Tag of the join's frames; the device's role when null. */
  attack: AttackKind | null;
  /** Reuses a DevNonce the device already sent (devnonce-repeat). */
  reuseDevNonce?: boolean;
  /** The DevAddr the server hands out (shared-devaddr); a fresh one when absent. */
  devAddr?: string;
  /** The device ignores the accept and goes on with its old session (join-storm). */
  keepSession?: boolean;
}

export type Action =
  | { type: 'gateway-online'; gateway: GatewayState }
  | { type: 'gateway-stats'; gateway: GatewayState }
  /** `generation` null: always runs; otherwise dropped once the device joined again since it was scheduled. */
  | { type: 'join'; device: SimDevice; options: JoinOptions; generation: number | null }
  | {
      type: 'join-accept';
      device: SimDevice;
      gateway: GatewayState;
      tx: LoRaTx;
      devNonce: number;
      options: JoinOptions;
    }
  | { type: 'uplink'; device: SimDevice }
  | { type: 'retransmit'; device: SimDevice; frame: Buffer; remaining: number }
  | { type: 'ack'; device: SimDevice; gateway: GatewayState; tx: LoRaTx }
  | { type: 'application'; event: ApplicationEvent }
  | { type: 'attack'; kind: AttackKind };

/** Something an attack round did, for tests and progress reports: the network itself never says it. */
export interface AttackIncident {
  at: Date;
  kind: AttackKind;
  devEui: string | null;
  gatewayEui: string | null;
}

const EU868_CHANNELS = [868_100_000, 868_300_000, 868_500_000];
/** NetID 000000 (experimental/private): DevAddrs then have NwkID 0, i.e. 00000000–01ffffff. */
const NET_ID = '000000';
const STATS_INTERVAL_MS = 30_000;
const CONFIRMED_PROBABILITY = 0.1;
const CAPTURED_UPLINKS_KEPT = 4;
/** One capture per this much time, so the few kept span minutes whatever the uplink period. */
const CAPTURE_SPACING_MS = 30_000;
/** A device whose join request no gateway heard tries again after this long. */
const UNHEARD_JOIN_RETRY_MS = 20_000;

/**
 * The honest network and the traffic loop every attack acts on: OTAA joins, periodic uplinks heard by 1–3
 * gateways, join accepts and ACKs on the command topics, gateway stats, daily rejoins and, when asked,
 * the application events a ChirpStack server publishes. Devices and gateways carry the flags attack rounds
 * set (sim-device.ts `behaviour`, GatewayState `silent`); this loop honours them.
 */
export class SimulationCore {
  readonly random: Random;
  readonly queue = new EventQueue<Action>();
  readonly devices: SimDevice[];
  readonly gateways: GatewayState[];
  readonly placedGateways: PlacedGateway[];
  readonly joinEui: string;
  readonly incidents: AttackIncident[] = [];
  clockMs: number;
  private readonly byEui: Map<string, GatewayState>;
  private nextToken = 1;

  constructor(readonly settings: SimulationSettings) {
    this.random = new Random(settings.seed);
    this.clockMs = settings.startMs;
    this.placedGateways = placeGateways(settings.gateways, this.random);
    this.gateways = this.placedGateways.map(({ gateway }) => ({
      gateway,
      tmstOffset: this.random.int(0, 0xffffffff),
      rxReceived: 0,
      txReceived: 0,
      home: { latitude: gateway.latitude, longitude: gateway.longitude },
      silent: false,
      role: null,
    }));
    this.byEui = new Map(this.gateways.map((state) => [state.gateway.eui, state]));
    this.joinEui = `70b3d57ed0${this.random.hex(3)}`;
    this.devices = [];
    for (let index = 0; index < settings.devices; index += 1) this.addDevice(this.newDevice());

    for (const gateway of this.gateways) {
      this.queue.push(settings.startMs, { type: 'gateway-online', gateway });
      this.schedule(this.random.between(0, STATS_INTERVAL_MS), { type: 'gateway-stats', gateway });
    }
  }

  get now(): Date {
    return new Date(this.clockMs);
  }

  /** A new OTAA device somewhere in the city, not yet part of the network. */
  newDevice(): SimDevice {
    return createDevice(
      this.devices.length,
      this.joinEui,
      linksFor(this.placedGateways, this.random),
      this.random,
    );
  }

  /** Puts a device on the network: an OTAA one joins within a period, an ABP one starts sending. */
  addDevice(device: SimDevice): void {
    this.devices.push(device);
    if (device.activation === 'abp') {
      device.uplinksScheduled = true;
      this.schedule(this.random.between(5000, Math.max(5000, this.settings.periodMs)), {
        type: 'uplink',
        device,
      });
      return;
    }
    this.schedule(this.random.between(0, this.settings.periodMs), {
      type: 'join',
      device,
      options: { attack: null },
      generation: null,
    });
  }

  schedule(delayMs: number, action: Action): void {
    this.queue.push(this.clockMs + delayMs, action);
  }

  record(kind: AttackKind, subject: { devEui?: string; gatewayEui?: string }): void {
    this.incidents.push({
      at: this.now,
      kind,
      devEui: subject.devEui ?? null,
      gatewayEui: subject.gatewayEui ?? null,
    });
  }

  run(action: Exclude<Action, { type: 'attack' }>): SimEvent[] {
    switch (action.type) {
      case 'gateway-online':
        return [{ kind: 'gateway-connection', at: this.now, gateway: action.gateway.gateway, online: true }];
      case 'gateway-stats':
        return this.gatewayStats(action.gateway);
      case 'join':
        if (action.generation !== null && action.generation !== action.device.joinGeneration) return [];
        return this.join(action.device, action.options);
      case 'join-accept':
        return [this.joinAccept(action)];
      case 'uplink':
        return this.uplink(action.device);
      case 'retransmit':
        return this.retransmit(action.device, action.frame, action.remaining);
      case 'ack':
        return this.ack(action.device, action.gateway, action.tx);
      case 'application':
        return [action.event];
    }
  }

  private gatewayStats(state: GatewayState): SimEvent[] {
    if (state.silent) return [];
    this.schedule(STATS_INTERVAL_MS, { type: 'gateway-stats', gateway: state });
    const event: SimEvent = {
      kind: 'gateway-stats',
      at: this.now,
      gateway: { ...state.gateway },
      rxPacketsReceived: state.rxReceived,
      rxPacketsReceivedOK: state.rxReceived,
      txPacketsReceived: state.txReceived,
      txPacketsEmitted: state.txReceived,
      statsId: this.random.bytes(16),
      ...(state.role === null ? {} : { attack: state.role }),
    };
    state.rxReceived = 0;
    state.txReceived = 0;
    return [event];
  }

  join(device: SimDevice, options: JoinOptions): SimEvent[] {
    if (device.activation === 'abp' || device.behaviour.silent) return [];
    device.joinGeneration += 1;
    const devNonce = options.reuseDevNonce ? this.reusedDevNonce(device) : freshDevNonce(device, this.random);
    if (!options.reuseDevNonce) device.usedDevNonces.push(devNonce);
    const frame = buildJoinRequest({
      appKey: device.appKey,
      joinEui: device.joinEui,
      devEui: device.devEui,
      devNonce,
    });
    device.capturedJoinRequest = frame;
    if (options.keepSession !== true) device.session = null;
    const tx = this.txFor(device);
    const receptions = this.receive(device);
    const retryMs = device.behaviour.failedJoinRetryMs;
    if (retryMs !== null || receptions.length === 0) {
      // Nobody answers: the device tries again with a fresh DevNonce.
      this.schedule((retryMs ?? UNHEARD_JOIN_RETRY_MS) * this.random.between(0.8, 1.2), {
        type: 'join',
        device,
        options: { attack: null },
        generation: device.joinGeneration,
      });
    } else {
      this.schedule(this.random.between(1000, 5000), {
        type: 'join-accept',
        device,
        gateway: this.gatewayState(loudest(receptions).gateway),
        tx,
        devNonce,
        options,
      });
    }
    const attack = options.attack ?? device.role;
    return receptions.map((reception) => this.uplinkEvent(device, frame, tx, reception, attack));
  }

  /** An older nonce when there is one, so the repeat is not simply the last join again. */
  private reusedDevNonce(device: SimDevice): number {
    const used = device.usedDevNonces;
    return used.length > 1 ? this.random.pick(used.slice(0, -1)) : used[0];
  }

  private joinAccept(action: Extract<Action, { type: 'join-accept' }>): DownlinkEvent {
    const { device, devNonce, options } = action;
    device.joinNonce = (device.joinNonce + 1) & 0xffffff;
    const devAddr = options.devAddr ?? this.random.int(0, 0x01ffffff).toString(16).padStart(8, '0');
    const frame = buildJoinAccept({
      appKey: device.appKey,
      joinNonce: device.joinNonce,
      netId: NET_ID,
      devAddr,
    });
    if (options.keepSession === true && device.session !== null) {
      device.behaviour.staleSession = true;
    } else {
      const keys = deriveSessionKeys(device.appKey, device.joinNonce, NET_ID, devNonce);
      device.session = { devAddr, ...keys, fCntUp: 0, fCntDown: 0 };
      device.joinedAt = this.clockMs;
      device.behaviour.staleSession = false;
      if (this.settings.applicationEvents) this.scheduleApplicationJoin(device, devAddr, action);
    }
    if (!device.uplinksScheduled) {
      device.uplinksScheduled = true;
      this.schedule(this.random.between(5000, Math.max(5000, this.settings.periodMs)), {
        type: 'uplink',
        device,
      });
    }
    const rejoinMs =
      device.behaviour.rejoinEveryMs ?? this.settings.rejoinPeriodMs * this.random.between(0.95, 1.05);
    this.schedule(rejoinMs, {
      type: 'join',
      device,
      options: { attack: null },
      generation: device.joinGeneration,
    });
    return this.downlinkEvent(device, frame, action.gateway, action.tx, options.attack ?? device.role);
  }

  private scheduleApplicationJoin(
    device: SimDevice,
    devAddr: string,
    action: Extract<Action, { type: 'join-accept' }>,
  ): void {
    const delay = this.random.between(20, 80);
    this.schedule(delay, {
      type: 'application',
      event: {
        kind: 'application',
        type: 'join',
        at: new Date(this.clockMs + delay),
        devEui: device.devEui,
        devAddr,
        fCnt: null,
        fPort: null,
        data: null,
        tx: action.tx,
        receptions: [],
        deduplicationId: this.random.bytes(16),
        attack: action.options.attack ?? device.role,
      },
    });
  }

  private uplink(device: SimDevice): SimEvent[] {
    const behaviour = device.behaviour;
    if (behaviour.silent) return [];
    this.schedule(this.settings.periodMs * this.random.between(0.9, 1.1), { type: 'uplink', device });
    const session = device.session;
    if (session === null) return [];
    const confirmed = behaviour.retransmissions > 0 || this.random.chance(CONFIRMED_PROBABILITY);
    const payload = this.random.bytes(device.payloadSize);
    const fCnt = session.fCntUp;
    const frame = buildDataUp({
      nwkSKey: session.nwkSKey,
      appSKey: session.appSKey,
      devAddr: session.devAddr,
      fCnt,
      fPort: device.fPort,
      payload,
      confirmed,
      adr: true,
    });
    // A lossy device sent dozens of frames no gateway heard since the last one; fewer than 64, or the
    // receiver would take the gap for a new session rather than losses.
    session.fCntUp += behaviour.lossy ? this.random.int(30, 60) : 1;
    const lastCapture = device.capturedUplinks.at(-1);
    if (lastCapture === undefined || this.clockMs - lastCapture.at >= CAPTURE_SPACING_MS) {
      device.capturedUplinks.push({ frame, at: this.clockMs });
      if (device.capturedUplinks.length > CAPTURED_UPLINKS_KEPT) device.capturedUplinks.shift();
    }
    const tx = this.txFor(device);
    const receptions = this.receive(device);
    if (receptions.length === 0) return [];
    if (behaviour.retransmissions > 0) {
      // The ACK never reaches the device: it sends the same frame again after each missed receive window.
      this.schedule(this.random.between(2000, 4000), {
        type: 'retransmit',
        device,
        frame,
        remaining: behaviour.retransmissions,
      });
    } else if (confirmed) {
      this.schedule(this.random.between(900, 1100), {
        type: 'ack',
        device,
        gateway: this.gatewayState(loudest(receptions).gateway),
        tx,
      });
    }
    if (this.settings.applicationEvents && !behaviour.staleSession) {
      const delay = this.random.between(150, 300);
      this.schedule(delay, {
        type: 'application',
        event: {
          kind: 'application',
          type: 'up',
          at: new Date(this.clockMs + delay),
          devEui: device.devEui,
          devAddr: session.devAddr,
          fCnt,
          fPort: device.fPort,
          data: payload,
          tx,
          receptions: receptions.map(({ gateway, rssi, snr }) => ({ gateway, rssi, snr })),
          deduplicationId: this.random.bytes(16),
          attack: device.role,
        },
      });
    }
    return receptions.map((reception) => this.uplinkEvent(device, frame, tx, reception, device.role));
  }

  private retransmit(device: SimDevice, frame: Buffer, remaining: number): SimEvent[] {
    if (device.behaviour.silent) return [];
    if (remaining > 1) {
      this.schedule(this.random.between(2000, 4000), {
        type: 'retransmit',
        device,
        frame,
        remaining: remaining - 1,
      });
    }
    const tx = this.txFor(device);
    return this.receive(device).map((reception) =>
      this.uplinkEvent(device, frame, tx, reception, device.role),
    );
  }

  private ack(device: SimDevice, gateway: GatewayState, tx: LoRaTx): DownlinkEvent[] {
    const session = device.session;
    // The device started a new join since: its old session is gone, and so is the ACK.
    if (session === null || gateway.silent) return [];
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
    device.capturedDownlink = { frame, at: this.clockMs, gatewayEui: gateway.gateway.eui };
    return [this.downlinkEvent(device, frame, gateway, tx, null)];
  }

  /** The gateways that hear one transmission of the device, without those whose forwarder is down. */
  receive(device: SimDevice): Reception[] {
    return receive(device.links, this.random).filter(
      (reception) => !this.gatewayState(reception.gateway).silent,
    );
  }

  uplinkEvent(
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
      gateway: { ...reception.gateway },
      phyPayload: frame,
      tx,
      channel: EU868_CHANNELS.indexOf(tx.frequency),
      rssi: reception.rssi,
      snr: reception.snr,
      tmst: (state.tmstOffset + (this.clockMs - this.settings.startMs) * 1000) % 2 ** 32,
      uplinkId: this.random.bytes(16),
      devEui: device.devEui,
      attack,
    };
  }

  downlinkEvent(
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
      gateway: { ...gateway.gateway },
      phyPayload: frame,
      tx,
      power: 14,
      token: this.nextToken++ & 0xffff,
      downlinkId: this.random.bytes(16),
      devEui: device.devEui,
      attack,
    };
  }

  txFor(device: SimDevice): LoRaTx {
    return {
      frequency: this.random.pick(EU868_CHANNELS),
      spreadingFactor: device.spreadingFactor,
      bandwidth: 125_000,
      codeRate: '4/5',
    };
  }

  gatewayState(gateway: SimGateway): GatewayState {
    const state = this.byEui.get(gateway.eui);
    if (state === undefined) throw new Error(`unknown gateway ${gateway.eui}`);
    return state;
  }
}

export function loudest(receptions: readonly Reception[]): Reception {
  return receptions.reduce((a, b) => (b.rssi > a.rssi ? b : a));
}

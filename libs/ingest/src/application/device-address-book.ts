import type { MType, Packet } from '@lorawatch/domain/packet';
import { JOIN_ACCEPT_WINDOW_MS } from '../join-accept-correlator';

/** Caps the memory one data source can take: far above one network's active devices, far below a flood. */
export const DEVICE_ADDRESS_BOOK_CAPACITY = 10_000;

/** What an application event says about a device: its DevEUI, current DevAddr and names. */
export interface DeviceMapping {
  /** Lowercase 16 hex digits. */
  devEui: string;
  /** Lowercase 8 hex digits, big-endian as displayed (the same spelling as Packet.devAddr). */
  devAddr: string;
  deviceName?: string;
  applicationName?: string;
  /** Names of the gateways that heard the event, when the network server lists them. */
  gatewayNames?: GatewayName[];
}

export interface GatewayName {
  /** Lowercase 16 hex digits, as packets name gateways. */
  gateway: string;
  name: string;
}

type DeviceNames = Pick<DeviceMapping, 'deviceName' | 'applicationName'>;

interface Entry extends DeviceMapping {
  /** Event time (ms) when the mapping was learned. */
  learnedAt: number;
}

const DATA_FRAMES: ReadonlySet<MType> = new Set<MType>([
  'UnconfirmedDataUp',
  'UnconfirmedDataDown',
  'ConfirmedDataUp',
  'ConfirmedDataDown',
]);

/**
 * How long after a join accept the device's first uplink of the new session is looked for, and the highest frame
 * counter that first uplink may carry (a few frames may be lost). Devices send soon after joining; a whole hour
 * leaves room for a slow first report without pairing sessions hours apart.
 */
export const FIRST_UPLINK_WINDOW_MS = 3600_000;
export const MAX_FIRST_UPLINK_FCNT = 16;

/** Two devices whose join requests reached a gateway closer in strength than this are not told apart by it. */
export const SIGNAL_MARGIN_DB = 6;

interface PendingSession {
  devEui: string;
  gateway: string | null;
  /** Event time (ms) of the join accept. */
  at: number;
  /** RSSI (dBm) of the device's join request at each gateway that heard it: where the device is. */
  signal: Record<string, number>;
}

/** What the book could and could not attribute, for the data source to say how far its per-device view goes. */
export interface AttributionCoverage {
  /** Bindings learned from application events. */
  fromApplicationEvents: number;
  /** Bindings learned from a join accept and the first uplink of its session. */
  fromJoinAccepts: number;
  /** Join accepts that reached the book with no device (no join request to pair them with). */
  unattributedJoinAccepts: number;
  /** First uplinks of a new session (unknown DevAddr, low counter) that no join accept could be paired with. */
  unattributedSessions: number;
}

/** The note a data source shows while its devices are known by gateway traffic alone and some cannot be followed. */
export const LIMITED_ATTRIBUTION = 'no application events: per-device detectors limited';

/**
 * DevAddr → DevEUI, per data source. Data frames on gateway topics carry only a DevAddr; the application
 * events of the same network server name both (docs/wire-formats.md §0, §3.7, §4.5), so they teach the mapping and
 * later data frames get their DevEUI attributed (marked as inferred).
 *
 * A join accept is encrypted: the DevAddr it assigns is unknown without the device's keys. A join accept the
 * correlator attributed says the device started a new session, so the DevAddr of its previous session is no
 * longer known to be its own and is forgotten (unless the mapping is newer than the join, i.e. it came from the
 * application `join` event of this very session). Without application events, the accept then teaches the new
 * DevAddr: the first uplink of a session (an unknown DevAddr with a frame counter near 0) within
 * FIRST_UPLINK_WINDOW_MS of exactly one pending accept, or of several of which one device's join request reached
 * the uplink's gateway at clearly the closest strength, binds its DevAddr to that accept's device. So one device has one state on gateway traffic alone. A session that cannot be paired
 * (no accept, or several that fit) is counted in `coverage()`.
 *
 * Pure state, no clock: time is the packets' event time (`date`; an application event, which carries no frame, is
 * dated by the collector's clock), so a replay attributes the same way. Bounded:
 * the least recently learned mapping is dropped first. When the network server gives one DevAddr to a new
 * device, the newest mapping wins.
 */
export class DeviceAddressBook {
  private readonly byDevAddr = new Map<string, Entry>();
  private readonly devAddrByDevEui = new Map<string, string>();
  /**
   * Names outlive sessions: a device keeps its name when its DevAddr is retired, and a join request (which
   * carries the DevEUI, not the DevAddr) is named too. Bounded like the mappings, oldest learned first out.
   */
  private readonly namesByDevEui = new Map<string, DeviceNames>();
  private readonly gatewayNames = new Map<string, string>();
  /** Attributed join accepts whose session's first uplink has not been seen yet, by DevEUI. */
  private readonly pendingSessions = new Map<string, PendingSession>();
  /** The RSSI of each device's latest join request at each gateway, by DevEUI. */
  private readonly joinSignals = new Map<string, Record<string, number>>();
  private readonly counts: AttributionCoverage = {
    fromApplicationEvents: 0,
    fromJoinAccepts: 0,
    unattributedJoinAccepts: 0,
    unattributedSessions: 0,
  };

  constructor(
    private readonly capacity: number = DEVICE_ADDRESS_BOOK_CAPACITY,
    private readonly rejoinWindowMs: number = JOIN_ACCEPT_WINDOW_MS,
  ) {}

  /** Records that `devAddr` belongs to `devEui` as of `date` (event time, ISO 8601), as an application event says. */
  learn(mapping: DeviceMapping, date: string): void {
    this.counts.fromApplicationEvents += 1;
    this.pendingSessions.delete(mapping.devEui.toLowerCase());
    this.bind(mapping, date);
  }

  /** What the book could attribute so far. */
  coverage(): AttributionCoverage {
    return { ...this.counts };
  }

  /**
   * LIMITED_ATTRIBUTION when the data source has no application events and some sessions or join accepts could
   * not be paired with a device; null otherwise.
   */
  limitation(): string | null {
    const { fromApplicationEvents, unattributedJoinAccepts, unattributedSessions } = this.counts;
    return fromApplicationEvents === 0 && unattributedJoinAccepts + unattributedSessions > 0
      ? LIMITED_ATTRIBUTION
      : null;
  }

  private bind(mapping: DeviceMapping, date: string): void {
    const parsed = Date.parse(date);
    const learnedAt = Number.isNaN(parsed) ? 0 : parsed;
    const devEui = mapping.devEui.toLowerCase();
    const devAddr = mapping.devAddr.toLowerCase();
    const previousAddr = this.devAddrByDevEui.get(devEui);
    if (previousAddr !== undefined && previousAddr !== devAddr) this.byDevAddr.delete(previousAddr);
    const previousOwner = this.byDevAddr.get(devAddr);
    if (previousOwner !== undefined && previousOwner.devEui !== devEui) {
      this.devAddrByDevEui.delete(previousOwner.devEui);
    }
    // Re-inserted so the Map's order is the order of learning: the first key is the one to evict.
    this.byDevAddr.delete(devAddr);
    const entry: Entry = { devEui, devAddr, learnedAt };
    if (mapping.deviceName !== undefined) entry.deviceName = mapping.deviceName;
    if (mapping.applicationName !== undefined) entry.applicationName = mapping.applicationName;
    this.byDevAddr.set(devAddr, entry);
    this.devAddrByDevEui.set(devEui, devAddr);
    while (this.byDevAddr.size > this.capacity) this.evictOldest();
    this.learnNames(devEui, mapping);
    for (const { gateway, name } of mapping.gatewayNames ?? []) {
      remember(this.gatewayNames, gateway.toLowerCase(), name, this.capacity);
    }
  }

  lookup(devAddr: string): DeviceMapping | undefined {
    const entry = this.byDevAddr.get(devAddr.toLowerCase());
    if (entry === undefined) return undefined;
    const { learnedAt: _learnedAt, ...mapping } = entry;
    return mapping;
  }

  /**
   * Returns the packet with what the book knows: the DevEUI of a data frame whose DevAddr is known (marked
   * `devEuiInferred`), and the names of its device, application and gateway. An attributed join accept
   * retires the device's earlier DevAddr.
   */
  observe(packet: Packet): Packet {
    return this.named(this.attributed(packet));
  }

  private attributed(packet: Packet): Packet {
    if (packet.mType === 'JoinRequest') {
      this.hearJoinRequest(packet);
      return packet;
    }
    if (packet.mType === 'JoinAccept') {
      if (packet.devEui === null) {
        this.counts.unattributedJoinAccepts += 1;
        return packet;
      }
      this.retireSession(packet.devEui, packet.date);
      this.awaitSession(packet);
      return packet;
    }
    if (!DATA_FRAMES.has(packet.mType) || packet.devEui !== null || packet.devAddr === null) return packet;
    const entry = this.byDevAddr.get(packet.devAddr.toLowerCase()) ?? this.firstUplinkOfSession(packet);
    if (entry === undefined) return packet;
    return { ...packet, devEui: entry.devEui, devEuiInferred: true };
  }

  private hearJoinRequest(request: Packet): void {
    if (request.devEui === null || request.gateway === null || request.rssi === null) return;
    const devEui = request.devEui.toLowerCase();
    const known = this.joinSignals.get(devEui) ?? {};
    remember(this.joinSignals, devEui, { ...known, [request.gateway]: request.rssi }, this.capacity);
  }

  private awaitSession(accept: Packet): void {
    const at = Date.parse(accept.date);
    if (accept.devEui === null || Number.isNaN(at)) return;
    const devEui = accept.devEui.toLowerCase();
    const signal = this.joinSignals.get(devEui) ?? {};
    remember(this.pendingSessions, devEui, { devEui, gateway: accept.gateway, at, signal }, this.capacity);
  }

  /** Pairs the first uplink of a new session with the one join accept it can answer, and learns its DevAddr. */
  private firstUplinkOfSession(packet: Packet): DeviceMapping | undefined {
    const isUplink = packet.mType === 'UnconfirmedDataUp' || packet.mType === 'ConfirmedDataUp';
    // Application events name every session's DevAddr: where they come, they are the only teacher.
    if (this.counts.fromApplicationEvents > 0) return undefined;
    if (!isUplink || packet.devAddr === null || packet.fCount === null) return undefined;
    if (packet.fCount > MAX_FIRST_UPLINK_FCNT) return undefined;
    const at = Date.parse(packet.date);
    if (Number.isNaN(at)) return undefined;
    const fitting = [...this.pendingSessions.values()].filter(
      (pending) => pending.at <= at && at - pending.at <= FIRST_UPLINK_WINDOW_MS,
    );
    const only = fitting.length === 1 ? fitting[0] : closestInSignal(fitting, packet);
    if (only === undefined) {
      this.counts.unattributedSessions += 1;
      return undefined;
    }
    this.pendingSessions.delete(only.devEui);
    const mapping = { devEui: only.devEui, devAddr: packet.devAddr.toLowerCase() };
    this.bind(mapping, packet.date);
    this.counts.fromJoinAccepts += 1;
    return mapping;
  }

  size(): number {
    return this.byDevAddr.size;
  }

  /** The packet itself when the book knows no name for it, so unnamed traffic is not copied. */
  private named(packet: Packet): Packet {
    const device = packet.devEui === null ? undefined : this.namesByDevEui.get(packet.devEui.toLowerCase());
    const gatewayName = packet.gateway === null ? undefined : this.gatewayNames.get(packet.gateway);
    if (device === undefined && gatewayName === undefined) return packet;
    const names: Partial<Packet> = {};
    if (device?.deviceName !== undefined) names.deviceName = device.deviceName;
    if (device?.applicationName !== undefined) names.applicationName = device.applicationName;
    if (gatewayName !== undefined) names.gatewayName = gatewayName;
    return { ...packet, ...names };
  }

  private learnNames(devEui: string, mapping: DeviceMapping): void {
    if (mapping.deviceName === undefined && mapping.applicationName === undefined) return;
    const names: DeviceNames = { ...this.namesByDevEui.get(devEui) };
    if (mapping.deviceName !== undefined) names.deviceName = mapping.deviceName;
    if (mapping.applicationName !== undefined) names.applicationName = mapping.applicationName;
    remember(this.namesByDevEui, devEui, names, this.capacity);
  }

  private retireSession(devEui: string, date: string): void {
    const at = Date.parse(date);
    if (Number.isNaN(at)) return;
    const devAddr = this.devAddrByDevEui.get(devEui.toLowerCase());
    if (devAddr === undefined) return;
    const entry = this.byDevAddr.get(devAddr);
    // Learned within the join's window: the application `join` event of this session, racing the accept.
    if (entry === undefined || entry.learnedAt >= at - this.rejoinWindowMs) return;
    this.byDevAddr.delete(devAddr);
    this.devAddrByDevEui.delete(entry.devEui);
  }

  private evictOldest(): void {
    const oldest = this.byDevAddr.keys().next();
    if (oldest.done === true) return;
    const entry = this.byDevAddr.get(oldest.value);
    this.byDevAddr.delete(oldest.value);
    if (entry !== undefined && this.devAddrByDevEui.get(entry.devEui) === oldest.value) {
      this.devAddrByDevEui.delete(entry.devEui);
    }
  }
}

/**
 * Several devices joined in the same hour: the uplink belongs to the one whose join request reached the uplink's
 * gateway at about the same strength, when no other comes within SIGNAL_MARGIN_DB (devices do not move far between
 * joining and sending).
 */
function closestInSignal(candidates: PendingSession[], uplink: Packet): PendingSession | undefined {
  const { gateway, rssi } = uplink;
  if (gateway === null || rssi === null) return undefined;
  const ranked = candidates
    .map((pending) => ({ pending, distance: Math.abs((pending.signal[gateway] ?? Number.NaN) - rssi) }))
    .filter((entry) => !Number.isNaN(entry.distance))
    .sort((a, b) => a.distance - b.distance);
  const [best, second] = ranked;
  if (best === undefined || best.distance > SIGNAL_MARGIN_DB) return undefined;
  return second === undefined || second.distance - best.distance >= SIGNAL_MARGIN_DB
    ? best.pending
    : undefined;
}

/** Sets the key as the newest one, dropping the oldest keys beyond the capacity. */
function remember<TValue>(map: Map<string, TValue>, key: string, value: TValue, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > capacity) {
    const oldest = map.keys().next();
    if (oldest.done === true) return;
    map.delete(oldest.value);
  }
}

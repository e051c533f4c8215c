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
  /** The collector's clock (ms) when the mapping was learned. */
  learnedAt: number;
}

const DATA_FRAMES: ReadonlySet<MType> = new Set<MType>([
  'UnconfirmedDataUp',
  'UnconfirmedDataDown',
  'ConfirmedDataUp',
  'ConfirmedDataDown',
]);

/**
 * DevAddr → DevEUI, per data source. Data frames on gateway topics carry only a DevAddr; the application
 * events of the same network server name both (docs/wire-formats.md §0, §3.7, §4.5), so they teach the mapping and
 * later data frames get their DevEUI attributed (marked as inferred).
 *
 * A join accept is encrypted: the DevAddr it assigns is unknown without the device's keys. So a join accept
 * the correlator attributed never teaches a DevAddr; it only says the device started a new session, so the
 * DevAddr of its previous session is no longer known to be its own and is forgotten (unless the mapping is
 * newer than the join, i.e. it came from the application `join` event of this very session).
 *
 * Pure state, no clock: time is the collector's `receivedAt`, so a replay attributes the same way. Bounded:
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

  constructor(
    private readonly capacity: number = DEVICE_ADDRESS_BOOK_CAPACITY,
    private readonly rejoinWindowMs: number = JOIN_ACCEPT_WINDOW_MS,
  ) {}

  /** Records that `devAddr` belongs to `devEui` as of `receivedAt` (ISO 8601). */
  learn(mapping: DeviceMapping, receivedAt: string): void {
    const parsed = Date.parse(receivedAt);
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
    if (packet.mType === 'JoinAccept' && packet.devEui !== null) {
      this.retireSession(packet.devEui, packet.receivedAt);
      return packet;
    }
    if (!DATA_FRAMES.has(packet.mType) || packet.devEui !== null || packet.devAddr === null) return packet;
    const entry = this.byDevAddr.get(packet.devAddr.toLowerCase());
    if (entry === undefined) return packet;
    return { ...packet, devEui: entry.devEui, devEuiInferred: true };
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

  private retireSession(devEui: string, receivedAt: string): void {
    const at = Date.parse(receivedAt);
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

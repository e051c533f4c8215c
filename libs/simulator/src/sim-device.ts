import type { AttackKind } from './attack-kinds';
import type { RadioLink } from './radio-link';
import { spreadingFactorFor } from './radio-link';
import type { Random } from './random';

/** A frame as an eavesdropper recorded it, to replay later. */
export interface CapturedFrame {
  frame: Buffer;
  at: number;
}

export interface CapturedDownlink extends CapturedFrame {
  gatewayEui: string;
}

/**
 * How a device misbehaves, when it does: set by an attack round (or at install for the devices an attack
 * brings), read by the traffic loop. A healthy device has every flag off.
 */
export interface DeviceBehaviour {
  /** Most uplinks never reach a gateway: the counter jumps by dozens between two heard ones. */
  lossy: boolean;
  /** Confirmed uplinks whose ACK never arrives, each sent this many extra times. */
  retransmissions: number;
  /** Stopped transmitting for good. */
  silent: boolean;
  /** Its join requests are never answered; it retries after this many ms. */
  failedJoinRetryMs: number | null;
  /** Rejoins this often (a join storm) instead of the usual daily rejoin. */
  rejoinEveryMs: number | null;
  /** Ignored its last join accept and went on with the old session, which the server no longer accepts. */
  staleSession: boolean;
}

export function healthyBehaviour(): DeviceBehaviour {
  return {
    lossy: false,
    retransmissions: 0,
    silent: false,
    failedJoinRetryMs: null,
    rejoinEveryMs: null,
    staleSession: false,
  };
}

export interface DeviceSession {
  devAddr: string;
  nwkSKey: Buffer;
  appSKey: Buffer;
  /** Next uplink counter (32 bits; the low 16 go on the air). */
  fCntUp: number;
  fCntDown: number;
}

/** An end device and what the network knows about it. Mutable: the simulator evolves it. */
export interface SimDevice {
  /** ABP devices have a fixed session and never join. */
  activation: 'otaa' | 'abp';
  devEui: string;
  joinEui: string;
  appKey: Buffer;
  links: RadioLink[];
  spreadingFactor: number;
  fPort: number;
  payloadSize: number;
  /** Every DevNonce this device has sent, in order (LoRaWAN 1.0.3 random nonces). */
  usedDevNonces: number[];
  /** The join server's JoinNonce counter for this device. */
  joinNonce: number;
  session: DeviceSession | null;
  /** The last join request as heard on the air: what an eavesdropper would have captured. */
  capturedJoinRequest: Buffer | null;
  joinedAt: number | null;
  uplinksScheduled: boolean;
  /** Bumped by every join: a scheduled rejoin of an older generation is stale and dropped. */
  joinGeneration: number;
  /** The last few data uplinks and the last data downlink, as an eavesdropper near the device has them. */
  capturedUplinks: CapturedFrame[];
  capturedDownlink: CapturedDownlink | null;
  /** The attack this device was installed for or fell victim to: its frames carry it, other attacks skip it. */
  role: AttackKind | null;
  behaviour: DeviceBehaviour;
}

export function createDevice(index: number, joinEui: string, links: RadioLink[], random: Random): SimDevice {
  const weakest = links[links.length - 1].meanRssi;
  return {
    activation: 'otaa',
    // Sequential tail keeps EUIs unique; the random middle makes them look like a real fleet.
    devEui: `70b3d5${random.hex(2)}${(index & 0xffffff).toString(16).padStart(6, '0')}`,
    joinEui,
    appKey: random.bytes(16),
    links,
    spreadingFactor: spreadingFactorFor(weakest),
    fPort: random.int(1, 10),
    payloadSize: random.int(4, 16),
    usedDevNonces: [],
    joinNonce: random.int(0, 0xffff),
    session: null,
    capturedJoinRequest: null,
    joinedAt: null,
    uplinksScheduled: false,
    joinGeneration: 0,
    capturedUplinks: [],
    capturedDownlink: null,
    role: null,
    behaviour: healthyBehaviour(),
  };
}

/** A fresh random DevNonce, as a 1.0.3 device picks it (never one it already used). */
export function freshDevNonce(device: SimDevice, random: Random): number {
  for (;;) {
    const nonce = random.int(0, 0xffff);
    if (!device.usedDevNonces.includes(nonce)) return nonce;
  }
}

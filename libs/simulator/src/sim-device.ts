import type { RadioLink } from './radio-link';
import { spreadingFactorFor } from './radio-link';
import type { Random } from './random';

export interface DeviceSession {
  devAddr: string;
  nwkSKey: Buffer;
  appSKey: Buffer;
  /** Next uplink counter (32 bits; the low 16 go on the air). */
  fCntUp: number;
  fCntDown: number;
}

/** An OTAA end device and what the network knows about it. Mutable: the simulator evolves it. */
export interface SimDevice {
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
}

export function createDevice(index: number, joinEui: string, links: RadioLink[], random: Random): SimDevice {
  const weakest = links[links.length - 1].meanRssi;
  return {
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
  };
}

/** A fresh random DevNonce, as a 1.0.3 device picks it (never one it already used). */
export function freshDevNonce(device: SimDevice, random: Random): number {
  for (;;) {
    const nonce = random.int(0, 0xffff);
    if (!device.usedDevNonces.includes(nonce)) return nonce;
  }
}

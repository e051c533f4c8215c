import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import type { Packet } from '@lorawatch/domain/packet';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';

/**
 * A small network for the inventory and network overview specifications: two gateways of known vendors, a healthy
 * device heard by both, and a weak, lossy device of no known vendor heard by the second gateway only.
 */
export const WORLD = {
  dragino: 'a840411d2bfc4150',
  raspberry: 'b827ebfffe29fd97',
  healthy: { devEui: '70b3d54990000abc', devAddr: '26011f0a', rssi: -62, lsnr: 9.5 },
  weak: { devEui: '0101010101010101', devAddr: '26011f0b', rssi: -115, lsnr: -7 },
} as const;

const KEYS = { nwkSKey: Buffer.alloc(16, 0x5a), appSKey: Buffer.alloc(16, 0xa5) };

export interface WorldScope {
  organizationId: number;
  dataSourceId: number;
  /** Time of the first packet; the rest follow a minute apart. */
  start: string;
}

function uplink(
  scope: WorldScope,
  device: { devEui: string; devAddr: string },
  fCnt: number,
  gateway: string,
  radio: { rssi: number; lsnr: number },
): Packet {
  const date = secondsAfter(scope.start, 60 * fCnt);
  const phy = buildDataUp({ ...KEYS, devAddr: device.devAddr, fCnt, fPort: 1, payload: Buffer.from([fCnt]) });
  return packetFromPhy(phy, {
    organizationId: scope.organizationId,
    dataSourceId: scope.dataSourceId,
    source: 'chirpstack_collector',
    gateway,
    devEui: device.devEui,
    devEuiInferred: true,
    date,
    receivedAt: date,
    rssi: radio.rssi,
    lsnr: radio.lsnr,
    latitude: gateway === WORLD.dragino ? -34.9 : null,
    longitude: gateway === WORLD.dragino ? -56.16 : null,
  });
}

/**
 * The healthy device sends frames 1–20, each heard by both gateways, the Raspberry one 3 dB weaker. The weak device
 * sends 1–20 but every other frame is lost (odd counters only), so about half its traffic counts as lost.
 */
export function worldPackets(scope: WorldScope): Packet[] {
  const packets: Packet[] = [];
  for (let fCnt = 1; fCnt <= 20; fCnt++) {
    packets.push(uplink(scope, WORLD.healthy, fCnt, WORLD.dragino, WORLD.healthy));
    packets.push(
      uplink(scope, WORLD.healthy, fCnt, WORLD.raspberry, {
        rssi: WORLD.healthy.rssi - 3,
        lsnr: WORLD.healthy.lsnr - 3,
      }),
    );
    if (fCnt % 2 === 1) packets.push(uplink(scope, WORLD.weak, fCnt, WORLD.raspberry, WORLD.weak));
  }
  return packets.sort((a, b) => a.date.localeCompare(b.date));
}

/** A device that joins the world later: `count` frames a minute apart from `scope.start`, heard by the Dragino gateway. */
export function newcomerPackets(
  scope: WorldScope,
  device: { devEui: string; devAddr: string },
  count: number,
): Packet[] {
  const packets: Packet[] = [];
  for (let fCnt = 1; fCnt <= count; fCnt++)
    packets.push(uplink(scope, device, fCnt, WORLD.dragino, { rssi: -80, lsnr: 5 }));
  return packets;
}

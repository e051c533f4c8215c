import type { INestApplicationContext } from '@nestjs/common';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSETS, type AssetView } from '../asset.view';
import { WORLD, worldPackets } from './inventory-world';

export interface SeededWorld {
  dataSourceId: number;
  start: string;
  /** The API ids of the world's assets. */
  ids: { dragino: number; raspberry: number; healthy: number; weak: number };
  assets: AssetView[];
}

/** Appends the world's packets to the packet log and waits until the detectors wrote its four assets. */
export async function seedWorld(
  app: INestApplicationContext,
  organizationId: number,
  dataSourceId: number,
  timeoutMs = 20_000,
): Promise<SeededWorld> {
  // Half an hour ago: inside the 24-hour window and recent enough to count as connected.
  const start = new Date(Date.now() - 30 * 60 * 1000).toISOString();
  await app.get<PacketLog>(PACKET_LOG).append(worldPackets({ organizationId, dataSourceId, start }));
  const assets = app.get<ReadStore>(READ_STORE).collection<AssetView>(ASSETS);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await assets.find({ dataSourceId });
    const healthy = found.find((asset) => asset.devEui === WORLD.healthy.devEui);
    const weak = found.find((asset) => asset.devEui === WORLD.weak.devEui);
    // Complete once every frame is counted: the last healthy frame heard by both gateways.
    if (found.length === 4 && healthy?.usage.npackets_up === 20 && weak?.usage.npackets_up === 10) {
      const id = (hex: string) => found.find((asset) => asset.hexId === hex)?.numericId ?? -1;
      return {
        dataSourceId,
        start,
        assets: found,
        ids: {
          dragino: id(WORLD.dragino),
          raspberry: id(WORLD.raspberry),
          healthy: id(WORLD.healthy.devEui),
          weak: id(WORLD.weak.devEui),
        },
      };
    }
    if (Date.now() > deadline) throw new Error(`The world's assets did not appear: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

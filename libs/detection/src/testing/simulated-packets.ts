import { packetKey, type Packet } from '@lorawatch/domain/packet';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';

/**
 * Real frames of a simulated network with join replays, DevNonce repeats and uplink replays, parsed as a
 * ChirpStack v3 collector of data source 1 would store them: whole simulator steps until at least `atLeast` packets.
 */
export function simulatedPackets(options: { devices: number; seed: number; atLeast: number }): Packet[] {
  const simulator = new NetworkSimulator({
    devices: options.devices,
    gateways: 2,
    seed: options.seed,
    attacks: ['join-replay', 'devnonce-repeat', 'uplink-replay'],
    attackIntervalSeconds: 60,
  });
  const packets: Packet[] = [];
  while (packets.length < options.atLeast) {
    // Retained messages (gateway statistics) carry no frame.
    for (const message of simulator.next().filter((sent) => !sent.retain)) {
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: '2026-11-23T10:00:00.000Z',
      });
      packets.push(...(outcome.kind === 'packets' ? outcome.packets : []));
    }
  }
  return packets;
}

/** The packets grouped by the log's partition, each in append order (detection state is per partition key). */
export function inLogOrder(packets: Packet[], log: PacketLog): Packet[] {
  const byPartition: Packet[][] = Array.from({ length: log.partitions }, () => []);
  for (const packet of packets) byPartition[log.partitionFor(packetKey(packet))].push(packet);
  return byPartition.flat();
}

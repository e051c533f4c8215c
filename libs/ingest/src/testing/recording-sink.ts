import type { Packet } from '@lorawatch/domain/packet';
import type { CollectorSink, ConnectionStatus, GatewayUpdate } from '../mqtt/collector-sink';

/** A sink that records everything; `onPackets` can be swapped to hold or fail deliveries. */
export class RecordingSink implements CollectorSink {
  readonly packets: Packet[] = [];
  readonly gateways: GatewayUpdate[] = [];
  readonly statuses: Array<{ status: ConnectionStatus; error?: string }> = [];
  readonly malformed: Array<{ reason: string; topic: string }> = [];
  deliver: (packets: Packet[]) => Promise<void> = async () => undefined;

  async onPackets(packets: Packet[]): Promise<void> {
    await this.deliver(packets);
    this.packets.push(...packets);
  }

  onGateway(update: GatewayUpdate): void {
    this.gateways.push(update);
  }

  onStatus(status: ConnectionStatus, error?: string): void {
    this.statuses.push(error === undefined ? { status } : { status, error });
  }

  onMalformed(reason: string, topic: string): void {
    this.malformed.push({ reason, topic });
  }

  statusNames(): ConnectionStatus[] {
    return this.statuses.map((entry) => entry.status);
  }
}

/** Polls until the condition holds; integration tests wait on real network events, not on fixed sleeps. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

import type { Packet } from '@lorawatch/domain/packet';
import type { IngestOutcome } from '../ingest-outcome';

export type ConnectionStatus = 'CONNECTED' | 'DISCONNECTED';

export type GatewayUpdate = Omit<Extract<IngestOutcome, { kind: 'gateway' }>, 'kind'>;

/** Where a collector delivers what it parsed. A message is acknowledged to the broker only once its promise resolved. */
export interface CollectorSink {
  onPackets(packets: Packet[]): Promise<void>;
  onGateway?(update: GatewayUpdate): Promise<void> | void;
  /** Called on changes only: never twice in a row with the same status. */
  onStatus(status: ConnectionStatus, error?: string): void;
  onMalformed(reason: string, topic: string): void;
  /**
   * The server refused the credentials (TTN v3: HTTP 401 or 403), so the app can log FAILED_LOGIN. Called once
   * per episode however many retries follow; the status goes DISCONNECTED as for any other failure.
   */
  onLoginFailed?(message: string): void;
}

export interface CollectorCounters {
  received: number;
  packets: number;
  malformed: number;
  /** Collector clock of the last message, ISO 8601; null before the first. */
  lastMessageAt: string | null;
}

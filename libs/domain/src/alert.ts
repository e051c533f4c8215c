import type { Packet } from './packet';

/** What a detector decides: an alert to raise. Parameters follow the catalogue's message slots. */
export interface AlertDraft {
  /** Deterministic: derived from the triggering packet and the code, so re-processing never doubles an alert. */
  id: string;
  code: string;
  dataSourceId: number;
  organizationId: number;
  /** The packet date: detectors have no clock. */
  createdAt: string;
  devEui: string | null;
  devAddr: string | null;
  gateway: string | null;
  packet: Packet;
  prevPacket: Packet | null;
  parameters: Record<string, string | number | boolean | null>;
}

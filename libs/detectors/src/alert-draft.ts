import { createHash } from 'node:crypto';
import type { AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';

export type AlertParameters = AlertDraft['parameters'];

/**
 * Alert ids are a hash of what makes the alert unique, so re-running a detector over the same packets (after a
 * crash, in another partition, or in an audit replay) yields the same ids and the event store can drop doubles.
 */
export function alertId(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

export interface AlertDraftInput {
  code: AlertCode;
  packet: Packet;
  /** Defaults to the code and packet id: one alert of a type per packet. */
  id?: string;
  /** Session address known for the device when the packet itself carries none (join requests). */
  devAddr?: string | null;
  prevPacket?: Packet | null;
  /** Detector-specific parameters; they override the common ones of the same name. */
  parameters?: AlertParameters;
}

/** An alert with the common parameters of docs/alert-catalogue.md §2.3 taken from the packet. */
export function draftAlert(input: AlertDraftInput): AlertDraft {
  const { code, packet } = input;
  const devAddr = packet.devAddr ?? input.devAddr ?? null;
  return {
    id: input.id ?? alertId(code, packet.id),
    code,
    dataSourceId: packet.dataSourceId,
    organizationId: packet.organizationId,
    createdAt: packet.date,
    devEui: packet.devEui,
    devAddr,
    gateway: packet.gateway,
    packet,
    prevPacket: input.prevPacket ?? null,
    parameters: {
      packet_id: packet.id,
      packet_date: packet.date,
      dev_eui: packet.devEui,
      dev_addr: devAddr,
      gateway: packet.gateway,
      join_eui: packet.joinEui,
      ...input.parameters,
    },
  };
}

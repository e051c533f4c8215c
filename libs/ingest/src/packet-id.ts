import { createHash } from 'node:crypto';

/**
 * Deterministic packet id: a broker re-delivery of the same MQTT message yields the same id, so the packet
 * log can drop it. Two genuine receptions of one frame still differ, because their messages differ in
 * uplinkID, concentrator counter or time. `index` separates several frames carried by one message.
 */
export function packetId(dataSourceId: number, topic: string, payload: Buffer, index: number): string {
  return createHash('sha256')
    .update(`${dataSourceId}|${topic}|`)
    .update(payload)
    .update(`|${index}`)
    .digest('hex')
    .slice(0, 32);
}

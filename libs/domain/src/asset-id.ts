import { createHash } from 'node:crypto';

/**
 * How the API names devices and gateways. The asset read model's document id is `device:<dataSourceId>:<DevEUI,
 * else DevAddr>` or `gateway:<dataSourceId>:<gateway EUI>` (the detectors' state keys), and its integer id is
 * derived from that text. Anything that knows an alert's or a packet's identifiers can therefore name its asset
 * without reading the assets collection, and the number is the same in every replay and every replica.
 */
export function assetNumericId(assetDocumentId: string): number {
  const known = numericIds.get(assetDocumentId);
  if (known !== undefined) return known;
  // 48 bits of a hash: a safe integer, and a collision needs ~16 million assets to become likely.
  const id = parseInt(createHash('sha256').update(assetDocumentId).digest('hex').slice(0, 12), 16);
  // The detectors name an asset on each of its packets: the ids of the assets seen lately are kept (a network's
  // assets, up to a bound; past it the memory starts again).
  if (numericIds.size >= MAX_REMEMBERED_IDS) numericIds.clear();
  numericIds.set(assetDocumentId, id);
  return id;
}

const MAX_REMEMBERED_IDS = 100_000;
const numericIds = new Map<string, number>();

/** The detectors key a device by DevEUI when it is known and by its session address otherwise. */
export function deviceAssetId(
  dataSourceId: number,
  devEui: string | null,
  devAddr: string | null,
): string | null {
  const device = devEui ?? devAddr;
  return device === null ? null : `device:${dataSourceId}:${device}`;
}

export function gatewayAssetId(dataSourceId: number, gateway: string | null): string | null {
  return gateway === null ? null : `gateway:${dataSourceId}:${gateway}`;
}

export function deviceNumericId(
  dataSourceId: number,
  devEui: string | null,
  devAddr: string | null,
): number | null {
  const id = deviceAssetId(dataSourceId, devEui, devAddr);
  return id === null ? null : assetNumericId(id);
}

export function gatewayNumericId(dataSourceId: number, gateway: string | null): number | null {
  const id = gatewayAssetId(dataSourceId, gateway);
  return id === null ? null : assetNumericId(id);
}

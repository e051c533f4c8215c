import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertTypeByCode, type AlertCode } from '@lorawatch/domain/alert-catalogue';
import type { IssueAssetRef } from '@lorawatch/domain/issue.events';
import type { IssueAsset } from '@lorawatch/detectors/detector-step';

/** The asset an alert's issue is about, by the type's asset kind (docs/alert-catalogue.md §1, "Asset"). */
export function assetOfAlert(alert: AlertDraft): IssueAssetRef {
  const type = alertTypeByCode(alert.code)?.forAssetType === 'GATEWAY' ? 'GATEWAY' : 'DEVICE';
  return { type, devEui: alert.devEui, devAddr: alert.devAddr, gateway: alert.gateway };
}

export function assetOfClearance(asset: IssueAsset): IssueAssetRef {
  return asset.type === 'GATEWAY'
    ? { type: 'GATEWAY', devEui: null, devAddr: null, gateway: asset.gateway }
    : { type: 'DEVICE', devEui: asset.devEui, devAddr: asset.devAddr, gateway: null };
}

/**
 * Keys under which an asset's issues are found, within one organisation and data source. A device is known by its
 * DevEUI and, while that is unknown, by its DevAddr; a device seen under both matches issues opened under either.
 */
export function assetKeys(organizationId: number, dataSourceId: number, asset: IssueAssetRef): string[] {
  const scope = `${organizationId}:${dataSourceId}`;
  if (asset.type === 'GATEWAY') return asset.gateway ? [`${scope}:gw:${asset.gateway}`] : [];
  const keys: string[] = [];
  if (asset.devEui) keys.push(`${scope}:eui:${asset.devEui}`);
  if (asset.devAddr) keys.push(`${scope}:addr:${asset.devAddr}`);
  return keys;
}

/**
 * Which open issues hide an alert of `code` (docs/alert-catalogue.md §2.4): every issue type blocks itself, and an open
 * LAF-404 (device failed to join) also blocks LAF-501 (join request anomaly). Own type first.
 */
export function blockersOf(code: AlertCode): AlertCode[] {
  if (!alertTypeByCode(code).isIssue) return [];
  return code === 'LAF-501' ? ['LAF-501', 'LAF-404'] : [code];
}

import type { DataSourceView } from './data-source.view';
import type { DataSourceType } from './packet';

/** A data source type as the answers name it (docs/api.md §4). */
export interface DataSourceTypeName {
  id: number;
  type: DataSourceType;
  name: string;
}

/** The data source types; ids follow the original seed so existing clients keep working. */
export const DATA_SOURCE_TYPE_NAMES: readonly DataSourceTypeName[] = [
  { id: 1, type: 'chirpstack_collector', name: 'ChirpStack v3' },
  { id: 2, type: 'ttn_collector', name: 'The Things Network v2 (legacy)' },
  { id: 3, type: 'ttn_v3_collector', name: 'The Things Stack (TTN v3)' },
  { id: 4, type: 'chirpstack_v4_collector', name: 'ChirpStack v4' },
];

/**
 * API shape of a data source in a list (docs/api.md §4), wherever an answer lists one (the data sources, the
 * notification preferences), minus secrets: passwords and keys are never returned, only whether they are set.
 */
export function dataSourceListJson(view: DataSourceView) {
  const type = DATA_SOURCE_TYPE_NAMES.find((candidate) => candidate.id === view.typeId);
  return {
    id: view.dataSourceId,
    name: view.name,
    description: view.description,
    created_at: view.createdAt,
    data_collector_type_id: view.typeId,
    type: type ? { id: type.id, type: type.type, name: type.name } : null,
    status: view.status,
    verified: view.verified,
    policy_id: view.policyId,
    gateway_id: view.gateways.map((gateway) => gateway.gatewayId).join(',') || null,
    gateway_name: view.gateways.map((gateway) => gateway.gatewayName).join(',') || null,
    gateways_list: view.gateways.map((gateway) => ({
      gateway_id: gateway.gatewayId,
      gateway_name: gateway.gatewayName,
    })),
    region_id: view.regionId,
    /** What the collector cannot see, e.g. "no application events: per-device detectors limited". */
    detector_coverage: view.limitations ?? [],
  };
}

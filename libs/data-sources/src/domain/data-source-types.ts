import { DATA_SOURCE_TYPE_NAMES, type DataSourceTypeName } from '@lorawatch/domain/data-source.json';
import type { DataSourceType } from '@lorawatch/domain/packet';
import { CHIRPSTACK_V3_TOPICS, CHIRPSTACK_V4_TOPICS } from '@lorawatch/ingest';

export interface DataSourceTypeInfo extends DataSourceTypeName {
  /** Topics subscribed when the data source names none. */
  defaultTopics: string[];
}

/** The MQTT data sources' topics; the TTN ones subscribe to none. */
const DEFAULT_TOPICS: Partial<Record<DataSourceType, readonly string[]>> = {
  chirpstack_collector: CHIRPSTACK_V3_TOPICS,
  chirpstack_v4_collector: CHIRPSTACK_V4_TOPICS,
};

/** The data source types as the domain names them (ids follow the original seed), with their default topics. */
export const DATA_SOURCE_TYPES: DataSourceTypeInfo[] = DATA_SOURCE_TYPE_NAMES.map((type) => ({
  ...type,
  defaultTopics: [...(DEFAULT_TOPICS[type.type] ?? [])],
}));

export function dataSourceTypeById(id: number): DataSourceTypeInfo | undefined {
  return DATA_SOURCE_TYPES.find((type) => type.id === id);
}

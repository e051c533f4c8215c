import type { DataSourceType } from '@lorawatch/domain/packet';
import { CHIRPSTACK_V3_TOPICS } from '@lorawatch/ingest';
import { CHIRPSTACK_V4_TOPICS } from '@lorawatch/ingest';

export interface DataSourceTypeInfo {
  id: number;
  type: DataSourceType;
  name: string;
  /** Topics subscribed when the data source names none. */
  defaultTopics: string[];
}

/** Ids follow the original seed so existing clients keep working. */
export const DATA_SOURCE_TYPES: DataSourceTypeInfo[] = [
  {
    id: 1,
    type: 'chirpstack_collector',
    name: 'ChirpStack v3',
    defaultTopics: [...CHIRPSTACK_V3_TOPICS],
  },
  { id: 2, type: 'ttn_collector', name: 'The Things Network v2 (legacy)', defaultTopics: [] },
  { id: 3, type: 'ttn_v3_collector', name: 'The Things Stack (TTN v3)', defaultTopics: [] },
  {
    id: 4,
    type: 'chirpstack_v4_collector',
    name: 'ChirpStack v4',
    defaultTopics: [...CHIRPSTACK_V4_TOPICS],
  },
];

export function dataSourceTypeById(id: number): DataSourceTypeInfo | undefined {
  return DATA_SOURCE_TYPES.find((type) => type.id === id);
}

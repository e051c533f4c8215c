import type { DataSourceType } from '@lorawatch/domain/packet';

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
    defaultTopics: [
      'gateway/+/event/up',
      'gateway/+/event/stats',
      'gateway/+/state/conn',
      'gateway/+/command/down',
    ],
  },
  { id: 2, type: 'ttn_collector', name: 'The Things Network v2 (legacy)', defaultTopics: [] },
  { id: 3, type: 'ttn_v3_collector', name: 'The Things Stack (TTN v3)', defaultTopics: [] },
  {
    id: 4,
    type: 'chirpstack_v4_collector',
    name: 'ChirpStack v4',
    defaultTopics: [
      '+/gateway/+/event/up',
      '+/gateway/+/event/stats',
      '+/gateway/+/state/conn',
      '+/gateway/+/command/down',
    ],
  },
];

export function dataSourceTypeById(id: number): DataSourceTypeInfo | undefined {
  return DATA_SOURCE_TYPES.find((type) => type.id === id);
}

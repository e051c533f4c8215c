import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';

/**
 * The traffic counters read model behind the dashboard's DEVICES and MESSAGES charts (docs/api.md §5). Built
 * from the packet log by the dashboard worker, bucketed on the packet's date in UTC, kept as long as the log keeps
 * packets (30 days), so a dashboard query reads at most a few hundred small documents per data source.
 */

/** Packets and distinct uplinking devices of one data source in one hour. Id `<dataSourceId>:<hour>`. */
export interface TrafficHour {
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** `YYYY-MM-DDTHH:00:00.000Z` */
  hour: string;
  packets: number;
  packetsUp: number;
  packetsDown: number;
  devices: number;
}

/** Distinct uplinking devices of one data source in one UTC day. Id `<dataSourceId>:<day>`. */
export interface TrafficDay {
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** `YYYY-MM-DD` */
  day: string;
  devices: number;
}

/**
 * Which hours of one day a device was heard in: bit h of `hours` is UTC hour h. It makes both distinct counts
 * exact: the first packet of a device in a day creates it (+1 device that day), the first in an hour sets a bit
 * (+1 device that hour). One small document per device and day, so 50 000 devices over 30 days stay 1.5 M rows.
 * Id `<dataSourceId>:<device>:<day>`.
 */
export interface DeviceDay {
  id: string;
  organizationId: number;
  dataSourceId: number;
  day: string;
  hours: number;
}

export const TRAFFIC_HOURS: CollectionSpec = {
  name: 'traffic_hours',
  // The charts sum the counters of a window from this index alone.
  indexes: [
    { fields: ['organizationId', 'hour'], include: ['dataSourceId', 'packets', 'devices'] },
    { fields: ['hour'] },
  ],
};

export const TRAFFIC_DAYS: CollectionSpec = {
  name: 'traffic_days',
  indexes: [{ fields: ['organizationId', 'day'], include: ['dataSourceId', 'devices'] }, { fields: ['day'] }],
};

export const DEVICE_DAYS: CollectionSpec = {
  name: 'traffic_device_days',
  indexes: [{ fields: ['day'] }],
};

export const TRAFFIC_COLLECTIONS = [TRAFFIC_HOURS, TRAFFIC_DAYS, DEVICE_DAYS];

/** The packet log's consumer group of the traffic counters. */
export const TRAFFIC_GROUP = 'traffic-counters';
/** The read-store checkpoint holding a partition's next offset, committed with the counters it produced. */
export const trafficCheckpoint = (partition: number): string => `${TRAFFIC_GROUP}-p${partition}`;

/** Time of the newest packet per data source (written with the detectors' batch commit, from the packet log). */
export interface DataSourceActivity {
  id: string;
  dataSourceId: number;
  organizationId: number;
  lastPacketAt: string;
}

export const DATA_SOURCE_ACTIVITY = {
  name: 'data_source_activity',
  indexes: [{ fields: ['organizationId'] }],
};

/** "Last message" counts only within the last 4 hours (console part 2 §2). */
export const RECENT_ACTIVITY_MS = 4 * 3600 * 1000;

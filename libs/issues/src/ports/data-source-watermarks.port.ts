/**
 * What the issue tracker reads of the detection: how far a data source's events have been detected (its watermark,
 * docs/architecture.md §9). The process wires the detection's answer in (the issues context knows no detection).
 */
export interface DataSourceWatermarks {
  /** ISO 8601: the instant up to which every event of the data source has been detected, or null before any. */
  watermarkOf(dataSourceId: number): Promise<string | null>;
}

export const DATA_SOURCE_WATERMARKS = Symbol('DATA_SOURCE_WATERMARKS');

import type { Document } from 'mongodb';
import type { CountByRow, Scalar, SumByRow, TimeBucket, TimeBucketRow } from '../read-store.port';
import { andFilters, mongoPath } from './mongo-query';

/** A field's value in an aggregation expression, a missing field counting as null like in the SQLite adapter. */
function valueOf(path: string): Document {
  return { $ifNull: [`$${mongoPath(path)}`, null] };
}

export function countByPipeline(field: string, match: Document): Document[] {
  return [
    { $match: match },
    { $group: { _id: valueOf(field), count: { $sum: 1 } } },
    { $sort: { count: -1, _id: 1 } },
  ];
}

/**
 * Mongo sorts values of different types in its own BSON order; the rows are put in the SQLite adapter's
 * order instead (count descending, then the JSON type name, then the value), so both adapters answer alike.
 */
export function countByRows(rows: Document[]): CountByRow[] {
  return rows
    .map((row) => ({ value: row._id as Scalar, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || compareKinds(a.value, b.value));
}

/** Bucket starts in the port's text forms, written by $dateToString in UTC. */
export const BUCKET_FORMATS: Record<TimeBucket, string> = {
  hour: '%Y-%m-%dT%H:00:00.000Z',
  day: '%Y-%m-%d',
};

/**
 * Time fields are ISO-8601 text (documents are JSON); only text values count, as in the SQLite adapter.
 * Text that is no date ends in a null bucket, which is dropped.
 */
export function countByTimePipeline(field: string, bucket: TimeBucket, match: Document): Document[] {
  const path = mongoPath(field);
  const date = { $dateFromString: { dateString: `$${path}`, onError: null, onNull: null } };
  return [
    { $match: andFilters(match, { [path]: { $type: 'string' } }) },
    {
      $group: {
        _id: { $dateToString: { date, format: BUCKET_FORMATS[bucket], timezone: 'UTC' } },
        count: { $sum: 1 },
      },
    },
    { $match: { _id: { $ne: null } } },
    { $sort: { _id: 1 } },
  ];
}

export function timeBucketRows(rows: Document[]): TimeBucketRow[] {
  return rows.map((row) => ({ bucket: String(row._id), count: Number(row.count) }));
}

/** The group key is { k0, k1, ... } in the order asked, or null for one group over everything. */
export function sumByPipeline(groupFields: string[], sumField: string, match: Document): Document[] {
  const key =
    groupFields.length === 0
      ? null
      : Object.fromEntries(groupFields.map((field, i) => [`k${i}`, valueOf(field)]));
  return [{ $match: match }, { $group: { _id: key, sum: { $sum: `$${mongoPath(sumField)}` } } }];
}

export function sumByRows(groupFields: string[], rows: Document[]): SumByRow[] {
  return rows.map((row) => {
    const key = (row._id ?? {}) as Record<string, unknown>;
    return {
      values: groupFields.map((_field, i) => (key[`k${i}`] ?? null) as Scalar),
      sum: Number(row.sum),
    };
  });
}

/** SQLite's json_type names, which order the kinds alphabetically there. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return 'text';
  return Array.isArray(value) ? 'array' : 'object';
}

function compareKinds(a: unknown, b: unknown): number {
  const kindA = kindOf(a);
  const kindB = kindOf(b);
  if (kindA !== kindB) return kindA < kindB ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

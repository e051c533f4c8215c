import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { FieldCondition, Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { Invalid } from '@lorawatch/platform/domain-errors';
import type { IssueFilterQuery } from './issue-filter.query';

/** Open issues of the caller's organization, of data sources not deleted, narrowed by the query (docs/api.md §7). */
export async function issueFilter(
  store: ReadStore,
  organizationId: number,
  query: IssueFilterQuery,
): Promise<Filter> {
  const filter: Filter = { organizationId, open: true };
  const range = query.created_at;
  if (range?.gte || range?.lte) {
    const gte = range.gte ? new Date(range.gte).toISOString() : undefined;
    const lte = range.lte ? new Date(range.lte).toISOString() : undefined;
    if (gte && lte && gte > lte) throw new Invalid('since value must be before or equal to until value');
    filter.since = { ...(gte ? { $gte: gte } : {}), ...(lte ? { $lte: lte } : {}) };
  }
  if (query.alerttype) filter.alertTypeId = { $in: query.alerttype };
  if (query.risk) filter.risk = { $in: query.risk };
  if (query.device) {
    filter.$or = [{ 'asset.devEui': { $in: query.device } }, { 'asset.devAddr': { $in: query.device } }];
  }
  const deleted = await store
    .collection<DataSourceView>(DATA_SOURCES)
    .find({ organizationId, deleted: true });
  const source: FieldCondition = {};
  if (query.data_collector) source.$in = query.data_collector;
  if (deleted.length > 0) source.$nin = deleted.map((dataSource) => dataSource.dataSourceId);
  if (Object.keys(source).length > 0) filter.dataSourceId = source;
  return filter;
}

export async function dataSourceNames(
  store: ReadStore,
  organizationId: number,
): Promise<Map<number, string>> {
  const sources = await store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId });
  return new Map(sources.map((source) => [source.dataSourceId, source.name]));
}

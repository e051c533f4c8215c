import type { Response } from 'express';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { keysetPages, mapChunks } from '@lorawatch/platform/export/keyset-pages';
import { streamExport, type ExportColumn } from '@lorawatch/platform/export/stream-export';
import type { ReadStore, Sort } from '@lorawatch/read-store/read-store.port';
import { badRequest } from '@lorawatch/platform/http-errors';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { visibleAlertFilter } from '../queries/alert-filter';
import { alertJson } from '../queries/alert.json';
import { timeWindow } from '../queries/query-window';
import type { AlertExportRow } from './alert-export-columns';
import type { ExportEventsLogQuery } from './export-alerts.query';

export const AS_OF_REFUSED = 'as_of is not accepted: an export is of the live state';

/**
 * Writes as a file every alert the list would show with the query's filters, in `sort` order (docs/api.md,
 * Exports): read from the store a chunk at a time and written as it is read.
 */
export async function writeAlertsExport(
  store: ReadStore,
  user: AuthUser,
  query: ExportEventsLogQuery,
  sort: Sort,
  name: string,
  columns: readonly ExportColumn<AlertExportRow>[],
  response: Response,
): Promise<void> {
  // The lists may answer as at a past time; an export is of the live state only (docs/api.md §19).
  if ((query as { as_of?: unknown }).as_of !== undefined) throw badRequest(AS_OF_REFUSED);
  const filter = await visibleAlertFilter(
    store,
    user.organizationId,
    query,
    timeWindow(query.created_at, 'created_at'),
  );
  const sources = await store
    .collection<DataSourceView>(DATA_SOURCES)
    .find({ organizationId: user.organizationId });
  const names = new Map(sources.map((source) => [source.dataSourceId, source.name]));
  const chunks = mapChunks(keysetPages(store.collection<AlertView>(ALERTS), filter, sort), (alerts) =>
    alerts.map((alert) => ({ alert, dataSourceName: names.get(alert.dataSourceId) ?? null })),
  );
  await streamExport(response, {
    format: query.format,
    name,
    columns,
    json: (row) => alertJson(row.alert, row.dataSourceName, true),
    chunks,
  });
}

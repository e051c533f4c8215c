import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { keysetPages, mapChunks } from '@lorawatch/platform/export/keyset-pages';
import { streamExport, type ExportColumn } from '@lorawatch/platform/export/stream-export';
import { READ_STORE, type ReadStore, type Sort } from '@lorawatch/read-store/read-store.port';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertOrder, visibleAlertFilter } from '../queries/alert-filter';
import { alertJson } from '../queries/alert.json';
import { timeWindow } from '../queries/query-window';
import { ALERT_EXPORT_COLUMNS, EVENTS_LOG_EXPORT_COLUMNS, type AlertExportRow } from './alert-export-columns';
import { ExportAlertsQuery, ExportEventsLogQuery } from './export-alerts.query';

export const AS_OF_REFUSED = 'as_of is not accepted: an export is of the live state';

/**
 * Alerts and the events log as files (docs/api.md, Exports): every alert the list would show with the same
 * filters, read from the store a chunk at a time and written as it is read.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AlertsExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('alerts/export')
  async alerts(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportAlertsQuery,
    @Res() response: Response,
  ): Promise<void> {
    await this.export(user, query, alertOrder(query.order_by), 'alerts', ALERT_EXPORT_COLUMNS, response);
  }

  /** The events log lists the organisation's alerts newest first (docs/console.md §7). */
  @Get('events_log/export')
  async eventsLog(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportEventsLogQuery,
    @Res() response: Response,
  ): Promise<void> {
    await this.export(user, query, alertOrder(undefined), 'events-log', EVENTS_LOG_EXPORT_COLUMNS, response);
  }

  private async export(
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
      this.store,
      user.organizationId,
      query,
      timeWindow(query.created_at, 'created_at'),
    );
    const sources = await this.store
      .collection<DataSourceView>(DATA_SOURCES)
      .find({ organizationId: user.organizationId });
    const names = new Map(sources.map((source) => [source.dataSourceId, source.name]));
    const chunks = mapChunks(keysetPages(this.store.collection<AlertView>(ALERTS), filter, sort), (alerts) =>
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
}

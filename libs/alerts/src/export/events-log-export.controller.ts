import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { alertOrder } from '../queries/alert-filter';
import { EVENTS_LOG_EXPORT_COLUMNS } from './alert-export-columns';
import { ExportEventsLogQuery } from './export-alerts.query';
import { writeAlertsExport } from './write-alerts-export';

/**
 * The events log as a file (docs/api.md, Exports): the organisation's alerts with the list's filters, newest first
 * (docs/console.md §7).
 */
@ApiTags('AlertsExport')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class EventsLogExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('events_log/export')
  async exportEventsLog(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportEventsLogQuery,
    @Res() response: Response,
  ): Promise<void> {
    await writeAlertsExport(
      this.store,
      user,
      query,
      alertOrder(undefined),
      'events-log',
      EVENTS_LOG_EXPORT_COLUMNS,
      response,
    );
  }
}

import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { alertOrder } from '../queries/alert-filter';
import { ALERT_EXPORT_COLUMNS } from './alert-export-columns';
import { ExportAlertsQuery } from './export-alerts.query';
import { writeAlertsExport } from './write-alerts-export';

export { AS_OF_REFUSED } from './write-alerts-export';

/**
 * Alerts as a file (docs/api.md, Exports): every alert the list would show with the same filters, in its order.
 */
@ApiTags('AlertsExport')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AlertsExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('alerts/export')
  async exportAlerts(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportAlertsQuery,
    @Res() response: Response,
  ): Promise<void> {
    await writeAlertsExport(
      this.store,
      user,
      query,
      alertOrder(query.order_by),
      'alerts',
      ALERT_EXPORT_COLUMNS,
      response,
    );
  }
}

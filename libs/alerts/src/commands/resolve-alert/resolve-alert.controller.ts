import { Body, Controller, Inject, Param, ParseIntPipe, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { notFound } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertJson } from '../../queries/alert.json';
import { ResolveAlertBody } from './resolve-alert.dto';
import { ResolveAlertCommand } from './resolve-alert.handler';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ResolveAlertController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** Admins only; the answer carries the alert as resolved (docs/api.md §6). */
  @AdminOnly()
  @Put('alerts/:id/resolve')
  async resolveAlert(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: ResolveAlertBody,
  ) {
    const alertId = await this.commands.execute<ResolveAlertCommand, string>(
      new ResolveAlertCommand(id, user, body.comment ?? null),
    );
    await this.readModels.settled();
    const alert = await this.store.collection<AlertView>(ALERTS).get(alertId);
    if (!alert) throw notFound();
    const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(alert.dataSourceId));
    return { message: 'Alert resolved successfully', alert: alertJson(alert, source?.name ?? null, true) };
  }
}

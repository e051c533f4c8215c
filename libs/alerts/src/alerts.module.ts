import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsOfModule } from '@lorawatch/projections/scratch/as-of.module';
import { ResolveAlertController } from './commands/resolve-alert/resolve-alert.controller';
import { ResolveAlertHandler } from './commands/resolve-alert/resolve-alert.handler';
import { ResolveAlertsController } from './commands/resolve-alerts/resolve-alerts.controller';
import { AlertsExportController } from './export/alerts-export.controller';
import { EventsLogExportController } from './export/events-log-export.controller';
import { CountAlertTypesController } from './queries/count-alert-types/count-alert-types.controller';
import { CountAlertsController } from './queries/count-alerts/count-alerts.controller';
import { ListAlertTypesController } from './queries/list-alert-types/list-alert-types.controller';
import { ListAlertsController } from './queries/list-alerts/list-alerts.controller';

/** Alerts: lists and counts of shown alerts, and the resolve commands (one alert, or several). */
@Module({
  imports: [CqrsModule, AsOfModule],
  controllers: [
    ListAlertTypesController,
    CountAlertTypesController,
    ListAlertsController,
    CountAlertsController,
    AlertsExportController,
    EventsLogExportController,
    ResolveAlertController,
    ResolveAlertsController,
  ],
  providers: [ResolveAlertHandler],
})
export class AlertsModule {}

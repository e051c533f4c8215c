import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsOfModule } from '@lorawatch/projections/scratch/as-of.module';
import { ResolveAlertController } from './commands/resolve-alert/resolve-alert.controller';
import { ResolveAlertHandler } from './commands/resolve-alert/resolve-alert.handler';
import { ResolveAlertsController } from './commands/resolve-alerts/resolve-alerts.controller';
import { AlertsExportController } from './export/alerts-export.controller';
import { AlertsController } from './queries/alerts.controller';

/** Alerts: lists and counts of shown alerts, and the resolve commands (one alert, or several). */
@Module({
  imports: [CqrsModule, AsOfModule],
  controllers: [AlertsController, AlertsExportController, ResolveAlertController, ResolveAlertsController],
  providers: [ResolveAlertHandler],
})
export class AlertsModule {}

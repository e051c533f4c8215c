import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ResolveAlertController } from './commands/resolve-alert/resolve-alert.controller';
import { ResolveAlertHandler } from './commands/resolve-alert/resolve-alert.handler';
import { AlertsController } from './queries/alerts.controller';

/** Alerts: lists and counts of shown alerts, and the resolve command. */
@Module({
  imports: [CqrsModule],
  controllers: [AlertsController, ResolveAlertController],
  providers: [ResolveAlertHandler],
})
export class AlertsModule {}

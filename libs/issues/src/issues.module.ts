import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsOfModule } from '@lorawatch/projections/scratch/as-of.module';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { RemoveIssueController } from './commands/remove-issue/remove-issue.controller';
import { RemoveIssueHandler } from './commands/remove-issue/remove-issue.handler';
import { IssuesExportController } from './export/issues-export.controller';
import { CountIssueDevicesController } from './queries/count-issue-devices/count-issue-devices.controller';
import { CountIssuesController } from './queries/count-issues/count-issues.controller';
import { ListIssuesController } from './queries/list-issues/list-issues.controller';
import { DATA_SOURCE_WATERMARKS, type DataSourceWatermarks } from './ports/data-source-watermarks.port';
import { IssueTracker } from './tracker/issue-tracker';

/**
 * Current issues: the list, counts and manual removal, plus the issue tracker (a provider: the runtime starts and
 * stops it). The issues projection is exported from projection/issues.projection.ts for the projection runner.
 */
@Module({
  imports: [CqrsModule, AsOfModule],
  controllers: [
    ListIssuesController,
    CountIssuesController,
    CountIssueDevicesController,
    IssuesExportController,
    RemoveIssueController,
  ],
  providers: [
    RemoveIssueHandler,
    {
      provide: IssueTracker,
      inject: [EVENT_STORE, READ_STORE, DATA_SOURCE_WATERMARKS, APP_CONFIG],
      useFactory: (
        events: EventStore,
        store: ReadStore,
        watermarks: DataSourceWatermarks,
        config: AppConfig,
      ) => new IssueTracker(events, store, watermarks, { tickIntervalMs: config.detectorTickSeconds * 1000 }),
    },
  ],
  exports: [IssueTracker],
})
export class IssuesModule {}

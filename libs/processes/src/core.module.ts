import { type DynamicModule, Global, Module, type Provider, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lorawatch/accounts/accounts.module';
import { AlertsModule } from '@lorawatch/alerts/alerts.module';
import { AppKeysModule } from '@lorawatch/app-keys/app-keys.module';
import { KEY_AUDIT_BACKLOG } from '@lorawatch/app-keys/ports/key-audit-backlog.port';
import { AssetsModule } from '@lorawatch/assets/assets.module';
import { ASSET_ISSUES } from '@lorawatch/assets/queries/asset-alerts/asset-issues.port';
import { AuditModule } from '@lorawatch/audit/audit.module';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { ConsoleConfigModule } from '@lorawatch/console-config/console-config.module';
import { DashboardModule } from '@lorawatch/dashboard/dashboard.module';
import { DataSourcesModule } from '@lorawatch/data-sources/data-sources.module';
import { COLLECTOR_STREAM_BOUNDS } from '@lorawatch/data-sources';
import { readDataSourceWatermark } from '@lorawatch/detection/event-time-watermark';
import { keyAuditBacklog } from '@lorawatch/detection/key-audit/key-audit-queue';
import { EnginesModule } from '@lorawatch/engines/engines.module';
import { IssuesModule } from '@lorawatch/issues/issues.module';
import { DATA_SOURCE_WATERMARKS, type DataSourceWatermarks, issuesOfAsset } from '@lorawatch/issues';
import { MailModule } from '@lorawatch/mail/mail.module';
import { NotificationsModule } from '@lorawatch/notifications/notifications.module';
import { PoliciesModule } from '@lorawatch/policies/policies.module';
import { READ_MODEL_SYNC } from '@lorawatch/projections/read-model-sync';
import { SCRATCH_BUILD_WORKER } from '@lorawatch/projections/scratch/scratch-build-pool';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { TagsModule } from '@lorawatch/tags/tags.module';
import { WhatIfModule } from '@lorawatch/what-if/what-if.module';
import { READINESS } from '@lorawatch/ops/readiness';
import { scratchBuildWorkerFile } from './as-of/scratch-build-worker-file';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}

export interface ProcessShape {
  /** The process's runtime: starts and stops its part, answers /health (Readiness) and read-your-writes. */
  runtime: Type<unknown>;
  controllers?: Type<unknown>[];
  providers?: Provider[];
}

/**
 * Every process (standalone, api, collector, detector, projector) is the same set of product modules on the
 * configured engines; what differs is the runtime that decides which part of the work this process starts.
 * Processes without an API are Nest application contexts: the modules' controllers are never mounted there.
 */
@Module({})
export class ProcessModule {
  static forRoot(config: AppConfig, shape: ProcessShape): DynamicModule {
    return {
      module: ProcessModule,
      global: true,
      imports: [
        ConfigModule.forRoot(config),
        EnginesModule.forRoot({ streamBounds: COLLECTOR_STREAM_BOUNDS }),
        MailModule,
        CqrsModule.forRoot(),
        AccountsModule,
        DataSourcesModule,
        PoliciesModule,
        AlertsModule,
        IssuesModule,
        AppKeysModule,
        AssetsModule,
        TagsModule,
        NotificationsModule,
        DashboardModule,
        ConsoleConfigModule,
        AuditModule,
        WhatIfModule,
      ],
      controllers: shape.controllers ?? [],
      providers: [
        shape.runtime,
        ...(shape.providers ?? []),
        { provide: READINESS, useExisting: shape.runtime },
        { provide: READ_MODEL_SYNC, useExisting: shape.runtime },
        // Ports through which a context reads another that stands above it: the adapters are the higher context's.
        { provide: ASSET_ISSUES, useValue: issuesOfAsset },
        {
          provide: KEY_AUDIT_BACKLOG,
          inject: [READ_STORE],
          useFactory: (store: ReadStore) => keyAuditBacklog(store),
        },
        {
          provide: DATA_SOURCE_WATERMARKS,
          inject: [READ_STORE],
          useFactory: (store: ReadStore): DataSourceWatermarks => ({
            watermarkOf: async (dataSourceId) =>
              (await readDataSourceWatermark(store, dataSourceId))?.at ?? null,
          }),
        },
        // The as-of read models build every read model of the product: only the composition knows that list.
        { provide: SCRATCH_BUILD_WORKER, useFactory: scratchBuildWorkerFile },
      ],
      exports: [
        READ_MODEL_SYNC,
        READINESS,
        ASSET_ISSUES,
        KEY_AUDIT_BACKLOG,
        DATA_SOURCE_WATERMARKS,
        SCRATCH_BUILD_WORKER,
      ],
    };
  }
}

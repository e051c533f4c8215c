import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '@lorawatch/accounts/accounts.module';
import { AlertsModule } from '@lorawatch/alerts/alerts.module';
import { AppKeysModule } from '@lorawatch/app-keys/app-keys.module';
import { AssetsModule } from '@lorawatch/assets/assets.module';
import { ConsoleConfigModule } from '@lorawatch/console-config/console-config.module';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { DashboardModule } from '@lorawatch/dashboard/dashboard.module';
import { DataSourcesModule } from '@lorawatch/data-sources/data-sources.module';
import { IssuesModule } from '@lorawatch/issues/issues.module';
import { MailModule } from '@lorawatch/mail/mail.module';
import { NotificationsModule } from '@lorawatch/notifications/notifications.module';
import { OpsController } from '@lorawatch/ops/ops.controller';
import { READINESS } from '@lorawatch/ops/readiness';
import { PoliciesModule } from '@lorawatch/policies/policies.module';
import { TagsModule } from '@lorawatch/tags/tags.module';
import { READ_MODEL_SYNC } from '@lorawatch/projections/read-model-sync';
import { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';
import { EnginesModule } from './engines.module';
import { Runtime } from './runtime';

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

/** Everything in one process on the embedded engines. */
@Module({})
export class StandaloneModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StandaloneModule,
      global: true,
      imports: [
        ConfigModule.forRoot(config),
        EnginesModule,
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
      ],
      controllers: [OpsController],
      providers: [
        RealtimeGateway,
        Runtime,
        { provide: READINESS, useExisting: Runtime },
        { provide: READ_MODEL_SYNC, useExisting: Runtime },
      ],
      exports: [READ_MODEL_SYNC],
    };
  }
}

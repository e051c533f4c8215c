import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeDataSourceStatusController } from './commands/change-status/change-status.controller';
import { ChangeDataSourceStatusHandler } from './commands/change-status/change-status.handler';
import { CreateDataSourceController } from './commands/create-data-source/create-data-source.controller';
import { CreateDataSourceHandler } from './commands/create-data-source/create-data-source.handler';
import { DeleteDataSourceController } from './commands/delete-data-source/delete-data-source.controller';
import { DeleteDataSourceHandler } from './commands/delete-data-source/delete-data-source.handler';
import { RecordCollectorEventHandler } from './commands/record-collector-event/record-collector-event.handler';
import { SignInTtnAccountController } from './commands/sign-in-ttn-account/sign-in-ttn-account.controller';
import { StartConnectionTestController } from './commands/start-connection-test/start-connection-test.controller';
import { UpdateDataSourceController } from './commands/update-data-source/update-data-source.controller';
import { UpdateDataSourceHandler } from './commands/update-data-source/update-data-source.handler';
import { ConnectionTests } from './connection-test/connection-tests';
import { CountDataSourcesController } from './queries/count-data-sources/count-data-sources.controller';
import { GetConnectionTestController } from './queries/get-connection-test/get-connection-test.controller';
import { GetDataSourceController } from './queries/get-data-source/get-data-source.controller';
import { ListDataSourceActivityController } from './queries/list-data-source-activity/list-data-source-activity.controller';
import { ListDataSourceLogController } from './queries/list-data-source-log/list-data-source-log.controller';
import { ListDataSourceTypesController } from './queries/list-data-source-types/list-data-source-types.controller';
import { ListDataSourcesController } from './queries/list-data-sources/list-data-sources.controller';
import { ListTtnAccountGatewaysController } from './queries/list-ttn-account-gateways/list-ttn-account-gateways.controller';
import { ListTtnRegionsController } from './queries/list-ttn-regions/list-ttn-regions.controller';
import { TtnAccountGateways } from './ttn-accounts/ttn-account-gateways';

/** Data sources (docs/api.md §4): one controller per use case; reads for every member, writes for admins. */
@Module({
  imports: [CqrsModule],
  // In this order: the fixed data_collectors/... routes before data_collectors/:id, which would otherwise take them.
  controllers: [
    SignInTtnAccountController,
    ListTtnAccountGatewaysController,
    ListDataSourceTypesController,
    ListTtnRegionsController,
    ListDataSourcesController,
    CountDataSourcesController,
    ListDataSourceActivityController,
    StartConnectionTestController,
    GetConnectionTestController,
    GetDataSourceController,
    ListDataSourceLogController,
    CreateDataSourceController,
    UpdateDataSourceController,
    ChangeDataSourceStatusController,
    DeleteDataSourceController,
  ],
  providers: [
    CreateDataSourceHandler,
    UpdateDataSourceHandler,
    ChangeDataSourceStatusHandler,
    DeleteDataSourceHandler,
    RecordCollectorEventHandler,
    ConnectionTests,
    TtnAccountGateways,
  ],
})
export class DataSourcesModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeDataSourceStatusHandler } from './commands/change-status/change-status.handler';
import { CreateDataSourceHandler } from './commands/create-data-source/create-data-source.handler';
import { DeleteDataSourceHandler } from './commands/delete-data-source/delete-data-source.handler';
import { RecordCollectorEventHandler } from './commands/record-collector-event/record-collector-event.handler';
import { UpdateDataSourceHandler } from './commands/update-data-source/update-data-source.handler';
import { ConnectionTests } from './connection-test/connection-tests';
import { DataSourcesController } from './data-sources.controller';
import { TtnAccountsController } from './ttn-accounts/ttn-accounts.controller';

@Module({
  imports: [CqrsModule],
  // Before DataSourcesController: its data_collectors/:id routes would otherwise take user_gateways.
  controllers: [TtnAccountsController, DataSourcesController],
  providers: [
    CreateDataSourceHandler,
    UpdateDataSourceHandler,
    ChangeDataSourceStatusHandler,
    DeleteDataSourceHandler,
    RecordCollectorEventHandler,
    ConnectionTests,
  ],
})
export class DataSourcesModule {}

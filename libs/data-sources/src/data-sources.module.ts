import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateDataSourceHandler } from './commands/create-data-source/create-data-source.handler';
import { RecordDataSourceStatusHandler } from './commands/record-status/record-status.handler';
import { DataSourcesController } from './data-sources.controller';

@Module({
  imports: [CqrsModule],
  controllers: [DataSourcesController],
  providers: [CreateDataSourceHandler, RecordDataSourceStatusHandler],
})
export class DataSourcesModule {}

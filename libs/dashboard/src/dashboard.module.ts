import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsOfModule } from '@lorawatch/projections/scratch/as-of.module';
import { DashboardWorker } from './dashboard.worker';
import { CountDevicesController } from './queries/count-devices/count-devices.controller';
import { CountPacketsController } from './queries/count-packets/count-packets.controller';
import { ListDevicesController } from './queries/list-devices/list-devices.controller';
import { ListPacketsController } from './queries/list-packets/list-packets.controller';

/** The dashboard API: traffic counters and the device and packet lists (docs/api.md §5). */
@Module({
  imports: [CqrsModule, AsOfModule],
  controllers: [CountPacketsController, CountDevicesController, ListDevicesController, ListPacketsController],
  providers: [DashboardWorker],
  exports: [DashboardWorker],
})
export class DashboardModule {}

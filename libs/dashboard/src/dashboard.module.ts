import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DashboardWorker } from './dashboard.worker';

/** The dashboard API: its controllers and command handlers. */
@Module({ imports: [CqrsModule], controllers: [], providers: [DashboardWorker], exports: [DashboardWorker] })
export class DashboardModule {}

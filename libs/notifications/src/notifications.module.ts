import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationsWorker } from './notifications.worker';

/** The notifications API: its controllers and command handlers. */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [NotificationsWorker],
  exports: [NotificationsWorker],
})
export class NotificationsModule {}

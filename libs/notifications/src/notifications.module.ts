import { Module } from '@nestjs/common';
import { ReadModelAssetLabels } from './adapters/read-model-asset-labels';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CqrsModule } from '@nestjs/cqrs';
import { ActivateDestinationHandler } from './commands/activate-destination/activate-destination.handler';
import { ActivateEmailController } from './commands/activate-email/activate-email.controller';
import { ActivatePhoneController } from './commands/activate-phone/activate-phone.controller';
import { ChangeNotificationController } from './commands/change-notification/change-notification.controller';
import { ChangeNotificationHandler } from './commands/change-notification/change-notification.handler';
import { DeleteNotificationController } from './commands/delete-notification/delete-notification.controller';
import { MarkAllReadController } from './commands/mark-all-read/mark-all-read.controller';
import { MuteController } from './commands/mute/mute.controller';
import { MuteHandler } from './commands/mute/mute.handler';
import { SetPreferencesController } from './commands/set-preferences/set-preferences.controller';
import { SetPreferencesHandler } from './commands/set-preferences/set-preferences.handler';
import { UnmuteController } from './commands/unmute/unmute.controller';
import { NotificationsWorker } from './notifications.worker';
import { ASSET_LABELS } from './ports/asset-labels.port';
import { CountNotificationsController } from './queries/count-notifications/count-notifications.controller';
import { GetPreferencesController } from './queries/get-preferences/get-preferences.controller';
import { ListMutesController } from './queries/list-mutes/list-mutes.controller';
import { ListNotificationsController } from './queries/list-notifications/list-notifications.controller';

/**
 * The notifications API, one controller per use case: preferences, activation links, the user's notifications and
 * mutes; and the dispatcher.
 */
@Module({
  imports: [CqrsModule],
  // The fixed paths (preferences, count, activation, read_all, mutes) before notifications/:id.
  controllers: [
    GetPreferencesController,
    SetPreferencesController,
    ActivateEmailController,
    ActivatePhoneController,
    ListNotificationsController,
    CountNotificationsController,
    MarkAllReadController,
    ListMutesController,
    MuteController,
    UnmuteController,
    ChangeNotificationController,
    DeleteNotificationController,
  ],
  providers: [
    {
      provide: ASSET_LABELS,
      inject: [READ_STORE],
      useFactory: (store: ReadStore) => new ReadModelAssetLabels(store),
    },
    SetPreferencesHandler,
    ActivateDestinationHandler,
    ChangeNotificationHandler,
    MuteHandler,
    NotificationsWorker,
  ],
  exports: [NotificationsWorker, ASSET_LABELS],
})
export class NotificationsModule {}

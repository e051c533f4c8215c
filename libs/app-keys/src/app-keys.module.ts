import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppKeysController } from './app-keys.controller';
import { AddAppKeysHandler } from './commands/add-app-keys/add-app-keys.handler';
import { RemoveAppKeysHandler } from './commands/remove-app-keys/remove-app-keys.handler';

/** The app_keys endpoints and their command handlers; the projection is registered with the others. */
@Module({
  imports: [CqrsModule],
  controllers: [AppKeysController],
  providers: [AddAppKeysHandler, RemoveAppKeysHandler],
})
export class AppKeysModule {}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AddAppKeysController } from './commands/add-app-keys/add-app-keys.controller';
import { AddAppKeysHandler } from './commands/add-app-keys/add-app-keys.handler';
import { RemoveAppKeysController } from './commands/remove-app-keys/remove-app-keys.controller';
import { RemoveAppKeysHandler } from './commands/remove-app-keys/remove-app-keys.handler';
import { ListAppKeysController } from './queries/list-app-keys/list-app-keys.controller';
import { ListKeyAuditQueueController } from './queries/list-key-audit-queue/list-key-audit-queue.controller';

/**
 * The app_keys endpoints (docs/api.md §12), one controller per use case, and their command handlers; the projection
 * is registered with the others.
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    ListAppKeysController,
    ListKeyAuditQueueController,
    AddAppKeysController,
    RemoveAppKeysController,
  ],
  providers: [AddAppKeysHandler, RemoveAppKeysHandler],
})
export class AppKeysModule {}

import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AddAppKeysCommand, type AddAppKeysResult } from './commands/add-app-keys/add-app-keys.handler';
import { parseAppKeysRequest } from './commands/app-keys-request.dto';
import {
  RemoveAppKeysCommand,
  type RemoveAppKeysResult,
} from './commands/remove-app-keys/remove-app-keys.handler';
import { APP_KEYS_LIMIT } from './domain/app-key-list';
import { KEY_AUDIT_BACKLOG, type KeyAuditBacklog } from './ports/key-audit-backlog.port';
import { APP_KEYS, type AppKeyView } from './projection/app-key.view';

/** The organisation's AppKey dictionary (docs/api.md §12): members read it, admins change it. */
@Controller('api/v1.0')
export class AppKeysController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
    @Inject(KEY_AUDIT_BACKLOG) private readonly keyAudit: KeyAuditBacklog,
  ) {}

  @Get('app_keys')
  async list(@CurrentUser() user: AuthUser) {
    const docs = await this.store
      .collection<AppKeyView>(APP_KEYS)
      .find({ organizationId: user.organizationId }, { sort: [['keyId', 'asc']] });
    return {
      limit: APP_KEYS_LIMIT,
      count: docs.length,
      keys: docs.map((doc) => ({ id: doc.keyId, key: doc.key, organization_id: doc.organizationId })),
    };
  }

  /** Devices of the organisation whose join requests wait for the AppKey audit (the Policies screen's keys section). */
  @Get('app_keys/audit_queue')
  async auditQueue(@CurrentUser() user: AuthUser) {
    return { pending_devices: await this.keyAudit.pendingDevices(user.organizationId) };
  }

  /** `body` is typed unknown so the global pipe leaves it to parseAppKeysRequest. */
  @AdminOnly()
  @Post('app_keys')
  @HttpCode(200)
  async add(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const keys = parseAppKeysRequest(body);
    const result = await this.commands.execute<AddAppKeysCommand, AddAppKeysResult>(
      new AddAppKeysCommand(user.organizationId, user.userId, keys),
    );
    await this.readModels.settled();
    return {
      message: `${result.created} app keys created, ${result.duplicated} were duplicated and ${result.existing} already existed`,
    };
  }

  @AdminOnly()
  @Delete('app_keys')
  async remove(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const keys = parseAppKeysRequest(body);
    const result = await this.commands.execute<RemoveAppKeysCommand, RemoveAppKeysResult>(
      new RemoveAppKeysCommand(user.organizationId, user.userId, keys),
    );
    await this.readModels.settled();
    return {
      message: `${result.deleted} app keys deleted, ${result.duplicated} were duplicated and ${result.absent} were not present in user's organization`,
    };
  }
}

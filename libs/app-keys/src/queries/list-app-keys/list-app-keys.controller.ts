import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { APP_KEYS_LIMIT } from '../../domain/app-key-list';
import { APP_KEYS, type AppKeyView } from '../../projection/app-key.view';

/** The organisation's AppKey dictionary (docs/api.md §12), for every member. */
@ApiTags('AppKeys')
@Controller('api/v1.0')
export class ListAppKeysController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('app_keys')
  async listAppKeys(@CurrentUser() user: AuthUser) {
    const docs = await this.store
      .collection<AppKeyView>(APP_KEYS)
      .find({ organizationId: user.organizationId }, { sort: [['keyId', 'asc']] });
    return {
      limit: APP_KEYS_LIMIT,
      count: docs.length,
      keys: docs.map((doc) => ({ id: doc.keyId, key: doc.key, organization_id: doc.organizationId })),
    };
  }
}

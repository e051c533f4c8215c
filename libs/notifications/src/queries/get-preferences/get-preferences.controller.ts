import { Controller, Get, Inject, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { ASSET_LABELS, type AssetLabels } from '../../ports/asset-labels.port';
import { getNotificationPreferences } from './get-preferences.read';

/** The caller's notification preferences (docs/api.md §9). */
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class GetPreferencesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(ASSET_LABELS) private readonly labels: AssetLabels,
  ) {}

  @Get('preferences')
  getNotificationPreferences(@CurrentUser() user: AuthUser) {
    return getNotificationPreferences(this.store, this.labels, user);
  }
}

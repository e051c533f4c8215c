import { Controller, HttpCode, Inject, Param, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { ActivationResult } from '../../domain/notification-preferences';
import { NotificationsApiError, NotificationsErrorFilter } from '../../http/notifications-errors';
import { ActivateDestinationCommand } from './activate-destination.handler';

/**
 * Activation links of extra email and phone destinations (docs/api.md §9). Public: the link is the proof. The
 * console reads `email` / `phone` on success and `code` otherwise; DISABLED_TOKEN is a 200 on purpose.
 */
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class ActivateDestinationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Public()
  @Put('email_activation/:token')
  @HttpCode(200)
  email(@Param('token') token: string) {
    return this.activate('email', token);
  }

  @Public()
  @Put('phone_activation/:token')
  @HttpCode(200)
  phone(@Param('token') token: string) {
    return this.activate('phone', token);
  }

  private async activate(kind: 'email' | 'phone', token: string) {
    const outcome = await this.commands.execute<ActivateDestinationCommand, ActivationResult>(
      new ActivateDestinationCommand(kind, token),
    );
    switch (outcome.result) {
      case 'SUCCESS':
        await this.readModels.settled();
        return outcome.kind === 'email' ? { email: outcome.value } : { phone: outcome.value };
      case 'NOT_FOUND':
        throw new NotificationsApiError(404, null);
      case 'DISABLED_TOKEN':
        return { code: 'DISABLED_TOKEN' };
      default:
        throw new NotificationsApiError(400, { code: outcome.result });
    }
  }
}

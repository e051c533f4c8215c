import { Controller, HttpCode, Inject, Param, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { activateDestination } from '../activate-destination/activate-destination';

/** Activation link of an extra email destination (docs/api.md §9). Public: the link is the proof. */
@ApiTags('ActivateDestination')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class ActivateEmailController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Public()
  @Put('email_activation/:token')
  @HttpCode(200)
  activateNotificationEmail(@Param('token') token: string) {
    return activateDestination(this.commands, this.readModels, 'email', token);
  }
}

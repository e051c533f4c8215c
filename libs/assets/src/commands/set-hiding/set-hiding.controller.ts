import { Body, Controller, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { SetHidingBody } from './set-hiding.dto';
import { SetHidingCommand } from './set-hiding.handler';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class SetHidingController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Post('inventory/set_hiding')
  @HttpCode(200)
  async setHiding(@CurrentUser() user: AuthUser, @Body() body: SetHidingBody) {
    await this.commands.execute(new SetHidingCommand(user, body.hidden, body.asset_list));
    await this.readModels.settled();
    return { message: 'Assets hiding set' };
  }
}

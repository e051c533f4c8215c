import { Body, Controller, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { SetImportanceBody } from './set-importance.dto';
import { SetImportanceCommand } from './set-importance.handler';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class SetImportanceController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Post('inventory/set_importance')
  @HttpCode(200)
  async setImportance(@CurrentUser() user: AuthUser, @Body() body: SetImportanceBody) {
    await this.commands.execute(new SetImportanceCommand(user, body.importance, body.asset_list));
    await this.readModels.settled();
    return { message: 'Assets importance set' };
  }
}

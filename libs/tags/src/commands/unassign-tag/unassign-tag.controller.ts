import { Body, Controller, Delete, HttpCode, Inject, Param, ParseIntPipe, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { AssetListBody } from '@lorawatch/assets';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { AssignTagCommand } from '../assign-tag/assign-tag.handler';

/**
 * Taking a label off assets (docs/api.md §11): idempotent, an asset without the tag stays without it. The
 * assignment's command with `assign` false.
 */
@ApiTags('AssignTag')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class UnassignTagController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Delete('tags/:id/assets')
  @HttpCode(200)
  async unassignTag(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) tagId: number,
    @Body() body: AssetListBody,
  ) {
    await this.commands.execute(new AssignTagCommand(user, tagId, body.asset_list, false));
    await this.readModels.settled();
    return { message: 'Asset untagged' };
  }
}

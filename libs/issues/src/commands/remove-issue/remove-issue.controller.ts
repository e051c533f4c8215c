import { Body, Controller, Header, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { RemoveIssueBody } from './remove-issue.dto';
import { RemoveIssueCommand } from './remove-issue.handler';

@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class RemoveIssueController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** Admins and regular users; answers the bare number 200 like the original (docs/api.md §7). */
  @Post('quarantined_devices/remove')
  @HttpCode(200)
  // Nest sends a bare number as text; the contract's body is the JSON number.
  @Header('content-type', 'application/json; charset=utf-8')
  async removeIssue(@CurrentUser() user: AuthUser, @Body() body: RemoveIssueBody): Promise<number> {
    await this.commands.execute(new RemoveIssueCommand(body.id, user, body.comment ?? null));
    await this.readModels.settled();
    return 200;
  }
}

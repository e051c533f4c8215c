import { Controller, Delete, HttpCode, Inject, Param, ParseIntPipe, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { Decision } from '../../domain/policy-errors';
import { PolicyRejectionFilter, acceptedOrThrow } from '../../http/policy-rejected';
import { DeletePolicyCommand } from './delete-policy.handler';

@ApiTags('policies')
@ApiBearerAuth()
@UseFilters(PolicyRejectionFilter)
@Controller('api/v1.0')
export class DeletePolicyController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Delete('policies/:id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({
    status: 403,
    description:
      'DEFAULT_POLICY, POLICY_WITH_DATA_COLLECTORS, or FORBIDDEN for a policy that is not your own',
  })
  @ApiResponse({ status: 404, description: 'null' })
  async deletePolicy(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<void> {
    acceptedOrThrow(
      await this.commands.execute<DeletePolicyCommand, Decision<void>>(
        new DeletePolicyCommand(id, user.organizationId, user.userId),
      ),
    );
    await this.readModels.settled();
  }
}

import { Controller, Inject, Param, ParseIntPipe, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import type { Decision } from '../../domain/policy-errors';
import { PolicyBody, validPolicyBody } from '../../http/policy-body';
import { PolicyRejectionFilter, acceptedOrThrow } from '../../http/policy-rejected';
import { getPolicy } from '../../queries/get-policy/get-policy.read';
import { PolicyRequest } from '../shared/policy.request';
import { UpdatePolicyCommand } from './update-policy.handler';

@ApiTags('policies')
@ApiBearerAuth()
@UseFilters(PolicyRejectionFilter)
@Controller('api/v1.0')
export class UpdatePolicyController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Put('policies/:id')
  @ApiBody({ type: PolicyRequest })
  @ApiResponse({ status: 200, description: 'The policy as changed' })
  @ApiResponse({ status: 400, description: 'Coded errors, as for POST' })
  @ApiResponse({ status: 403, description: 'DEFAULT_POLICY, or FORBIDDEN for a policy that is not your own' })
  @ApiResponse({ status: 404, description: 'null' })
  @ApiResponse({ status: 409, description: 'Changed by someone else meanwhile' })
  async updatePolicy(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @PolicyBody() body: unknown,
  ) {
    const { name, items } = await validPolicyBody(PolicyRequest, body);
    acceptedOrThrow(
      await this.commands.execute<UpdatePolicyCommand, Decision<void>>(
        new UpdatePolicyCommand(id, user.organizationId, user.userId, name, items),
      ),
    );
    await this.readModels.settled();
    return acceptedOrThrow(await getPolicy(this.store, id, user.organizationId));
  }
}

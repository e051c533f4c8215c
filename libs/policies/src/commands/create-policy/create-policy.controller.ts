import { Controller, HttpCode, Inject, Post, Query, UseFilters } from '@nestjs/common';
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
import { ClonePolicyRequest, CreatePolicyQuery } from './clone-policy.request';
import { CreatePolicyCommand } from './create-policy.handler';

@ApiTags('policies')
@ApiBearerAuth()
@UseFilters(PolicyRejectionFilter)
@Controller('api/v1.0')
export class CreatePolicyController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Post('policies')
  @HttpCode(201)
  @ApiBody({ type: PolicyRequest, description: 'With ?clone={id}, only the name (ClonePolicyRequest)' })
  @ApiResponse({ status: 201, description: 'The new policy' })
  @ApiResponse({
    status: 400,
    description:
      'Coded errors: EXISTING_NAME, MISSING_NAME, BELOW_MIN_LENGTH, EXCEED_MAX_LENGTH, MISSING_ITEMS, item errors',
  })
  async createPolicy(
    @CurrentUser() user: AuthUser,
    @Query() query: CreatePolicyQuery,
    @PolicyBody() body: unknown,
  ) {
    const policyId = acceptedOrThrow(
      await this.commands.execute<CreatePolicyCommand, Decision<number>>(
        await this.command(user, query.clone, body),
      ),
    );
    await this.readModels.settled();
    return acceptedOrThrow(await getPolicy(this.store, policyId, user.organizationId));
  }

  private async command(
    user: AuthUser,
    clone: number | undefined,
    body: unknown,
  ): Promise<CreatePolicyCommand> {
    if (clone === undefined) {
      const { name, items } = await validPolicyBody(PolicyRequest, body);
      return new CreatePolicyCommand(user.organizationId, user.userId, name, { items });
    }
    const { name } = await validPolicyBody(ClonePolicyRequest, body);
    return new CreatePolicyCommand(user.organizationId, user.userId, name, { cloneOf: clone });
  }
}

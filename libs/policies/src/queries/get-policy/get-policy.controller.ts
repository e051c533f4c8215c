import { Controller, Get, Inject, Param, ParseIntPipe, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { PolicyRejectionFilter, acceptedOrThrow } from '../../http/policy-rejected';
import { getPolicy } from './get-policy.read';

@ApiTags('policies')
@ApiBearerAuth()
@UseFilters(PolicyRejectionFilter)
@Controller('api/v1.0')
export class GetPolicyController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('policies/:id')
  @ApiResponse({ status: 200, description: 'The policy, with an item for every alert type' })
  @ApiResponse({ status: 403, description: '[{"code":"FORBIDDEN"}]: another organization\'s policy' })
  @ApiResponse({ status: 404, description: 'null' })
  async getPolicy(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return acceptedOrThrow(await getPolicy(this.store, id, user.organizationId));
  }
}

import { Controller, Delete, HttpCode, Param, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { WhatIfService } from '../../what-if.service';
import { WhatIfValidationFilter } from '../../what-if-validation.filter';

/** Cancelling a what-if run (docs/api.md, "What if"). Administrators only. */
@ApiTags('what-if')
@ApiBearerAuth()
@Controller('api/v1.0')
@UseFilters(WhatIfValidationFilter)
export class CancelWhatIfController {
  constructor(private readonly whatIf: WhatIfService) {}

  @AdminOnly()
  @Delete('what_if/:id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Cancel a what-if run',
    description: 'Stops it if it still runs; a finished run stays.',
  })
  @ApiParam({ name: 'id', type: String })
  @ApiResponse({ status: 204, description: 'Cancelled (or already finished)' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  @ApiResponse({ status: 403, description: 'Not an administrator' })
  @ApiResponse({ status: 404, description: 'No such run for the organisation' })
  cancelWhatIf(@CurrentUser() user: AuthUser, @Param('id') id: string): void {
    this.whatIf.cancel(user.organizationId, id);
  }
}

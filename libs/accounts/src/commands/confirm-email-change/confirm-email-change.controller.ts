import { Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { Outcome } from '../../domain/account-errors';
import { accepted } from '../../http/account-http';
import { ConfirmEmailChangeCommand } from './confirm-email-change.handler';

@ApiTags('accounts')
@Controller('api/v1.0')
export class ConfirmEmailChangeController {
  constructor(private readonly commands: CommandBus) {}

  /** The body, if any, is ignored: the token says everything. */
  @Public()
  @Put('change_email/:token')
  @ApiResponse({ status: 200, description: '{"message": "E-mail Changed Successfully"}' })
  @ApiResponse({ status: 400, description: 'Invalid token (unknown, used or older than 24 h)' })
  async confirmEmailChange(@Param('token') token: string) {
    const message = accepted(
      await this.commands.execute<ConfirmEmailChangeCommand, Outcome<string>>(
        new ConfirmEmailChangeCommand(token),
      ),
    );
    return { message };
  }
}

import { Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { NewPasswordRequest } from '../shared/password.request';
import { ActivateAccountCommand } from './activate-account.handler';

@ApiTags('accounts')
@Controller('api/v1.0')
export class ActivateAccountController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @Put('create_password/:token')
  @ApiBody({ type: NewPasswordRequest })
  @ApiResponse({ status: 200, description: '{"message": "Password Changed Successfully"}' })
  @ApiResponse({
    status: 400,
    description: 'Invalid token, Password is not valid, or an expired link (mailed again)',
  })
  async activateAccount(@Param('token') token: string, @AccountBody() raw: unknown) {
    const body = await validBody(NewPasswordRequest, raw);
    const message = accepted(
      await this.commands.execute<ActivateAccountCommand, Outcome<string>>(
        new ActivateAccountCommand(token, body.password, body.password2),
      ),
    );
    return { message };
  }
}

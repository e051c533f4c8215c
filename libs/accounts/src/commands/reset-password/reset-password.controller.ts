import { Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { NewPasswordRequest } from '../shared/password.request';
import { ResetPasswordCommand } from './reset-password.handler';

@ApiTags('accounts')
@Controller('api/v1.0')
export class ResetPasswordController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Public()
  @Put('change_password_by_recovery/:token')
  @ApiBody({ type: NewPasswordRequest })
  @ApiResponse({
    status: 200,
    description:
      '{"message": "Password Changed Successfully"}; the account is unblocked and every session ends',
  })
  @ApiResponse({
    status: 400,
    description: 'Invalid token (unknown, used or older than 24 h), Password is not valid',
  })
  async resetPassword(@Param('token') token: string, @AccountBody() raw: unknown) {
    const body = await validBody(NewPasswordRequest, raw);
    const message = accepted(
      await this.commands.execute<ResetPasswordCommand, Outcome<string>>(
        new ResetPasswordCommand(token, body.password, body.password2),
      ),
    );
    await this.readModels.settled();
    return { message };
  }
}

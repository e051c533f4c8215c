import { Controller, Inject, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { CurrentClaims, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AccessClaims, AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { NewPasswordRequest } from '../shared/password.request';
import { ChangePasswordCommand } from './change-password.handler';

export class ChangePasswordRequest extends NewPasswordRequest {
  @ApiProperty({ format: 'password' })
  @MaxLength(200, { message: 'Current password is wrong' })
  @IsString({ message: 'Current password is wrong' })
  current_password!: string;
}

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ChangePasswordController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Put('change_password')
  @ApiBody({ type: ChangePasswordRequest })
  @ApiResponse({
    status: 200,
    description: '{"message": "Password Changed Successfully"}; every other session of the user ends',
  })
  @ApiResponse({ status: 400, description: 'Current password is wrong, Password is not valid, or unchanged' })
  async changePassword(
    @CurrentUser() caller: AuthUser,
    @CurrentClaims() claims: AccessClaims,
    @AccountBody() raw: unknown,
  ) {
    const body = await validBody(ChangePasswordRequest, raw);
    const message = accepted(
      await this.commands.execute<ChangePasswordCommand, Outcome<string>>(
        new ChangePasswordCommand(
          caller.userId,
          body.current_password,
          body.password,
          body.password2,
          claims.sid ?? null,
        ),
      ),
    );
    // Every other session of the user ends: the guard must see it before we answer.
    await this.readModels.settled();
    return { message };
  }
}

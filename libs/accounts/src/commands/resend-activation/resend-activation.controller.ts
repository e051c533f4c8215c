import { Controller, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { ResendActivationCommand } from './resend-activation.handler';

export class ResendActivationRequest {
  @ApiProperty({
    example: 'jane@example.com',
    description: 'The pending user’s e-mail; other user fields are ignored',
  })
  @MaxLength(1000, { message: 'Email is too long. Please enter a maximum of 320 characters.' })
  @IsString({ message: 'You have to enter an email' })
  email!: string;
}

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ResendActivationController {
  constructor(private readonly commands: CommandBus) {}

  @AdminOnly()
  @Put('resend_activation')
  @ApiBody({ type: ResendActivationRequest })
  @ApiResponse({ status: 200, description: '{"message": "Activation E-mail Resent Successfully"}' })
  @ApiResponse({ status: 400, description: 'The user is active already, or no mail server is configured' })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async resendActivation(@CurrentUser() admin: AuthUser, @AccountBody() raw: unknown) {
    // The console may send the whole user object: only its e-mail matters.
    const body = await validBody(ResendActivationRequest, raw, { allowUnknown: true });
    const message = accepted(
      await this.commands.execute<ResendActivationCommand, Outcome<string>>(
        new ResendActivationCommand(admin, body.email),
      ),
    );
    return { message };
  }
}

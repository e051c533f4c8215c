import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { RequestEmailChangeCommand } from './request-email-change.handler';

export class EmailChangeRequest {
  @ApiProperty({ example: 'new@example.com' })
  @MaxLength(1000, { message: 'Email is too long. Please enter a maximum of 320 characters.' })
  @IsString({ message: 'Please enter a valid email address.' })
  email!: string;

  @ApiProperty({ format: 'password' })
  @MaxLength(200, { message: 'Current password is wrong' })
  @IsString({ message: 'Current password is wrong' })
  current_password!: string;
}

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class RequestEmailChangeController {
  constructor(private readonly commands: CommandBus) {}

  @Post('change_email_request')
  @HttpCode(200)
  @ApiBody({ type: EmailChangeRequest })
  @ApiResponse({
    status: 200,
    description: '{"message": "Email Request Sent Successfully"}; a link goes to the new address',
  })
  @ApiResponse({
    status: 400,
    description:
      'Current password is wrong, Email <e> is not valid, Email <e> is not available, or unchanged',
  })
  async requestEmailChange(@CurrentUser() caller: AuthUser, @AccountBody() raw: unknown) {
    const body = await validBody(EmailChangeRequest, raw);
    const message = accepted(
      await this.commands.execute<RequestEmailChangeCommand, Outcome<string>>(
        new RequestEmailChangeCommand(caller.userId, body.email, body.current_password),
      ),
    );
    return { message };
  }
}

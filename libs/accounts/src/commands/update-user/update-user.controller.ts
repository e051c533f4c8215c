import { Controller, Inject, NotFoundException, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { readUserJson } from '../../queries/get-user/get-user.read';
import { UserStore } from '../shared/user-store';
import { UpdateUserCommand } from './update-user.handler';

export class UpdateUserRequest {
  @ApiPropertyOptional({ maxLength: 64 })
  @IsOptional()
  @MaxLength(1000, { message: 'Full name is too long. Please enter a maximum of 64 characters.' })
  @IsString({ message: 'You have to enter a full name' })
  full_name?: string;

  @ApiPropertyOptional({ nullable: true, example: '+598-99123456', description: 'Empty or null clears it' })
  @IsOptional()
  @MaxLength(200, { message: 'Phone is not valid' })
  @IsString({ message: 'Phone must be a text such as +598-99123456' })
  phone?: string | null;

  @ApiPropertyOptional({ description: 'Roles (1 user, 2 admin); only admins may change them', example: [1] })
  @Allow()
  user_roles?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'first_login must be true or false' })
  first_login?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Accepted for compatibility; not used' })
  @IsOptional()
  @IsArray({ message: 'data_collectors must be a list of ids' })
  @IsInt({ each: true, message: 'data_collectors must be a list of ids' })
  data_collectors?: number[];

  /** The console sends the user object it edited: these fields are read-only here and ignored. */
  @Allow() email?: unknown;
  @Allow() username?: unknown;
  @Allow() id?: unknown;
  @Allow() active?: unknown;
  @Allow() organization_id?: unknown;
  @Allow() organization_name?: unknown;
}

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class UpdateUserController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Put('user/:username')
  @ApiBody({ type: UpdateUserRequest })
  @ApiResponse({ status: 200, description: 'The updated user object' })
  @ApiResponse({ status: 400, description: 'A field rule (full name, phone, roles)' })
  @ApiResponse({
    status: 403,
    description:
      'Another user without being admin, a role change by a non-admin, or an admin dropping his own admin role',
  })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async updateUser(
    @CurrentUser() caller: AuthUser,
    @Param('username') username: string,
    @AccountBody() raw: unknown,
  ) {
    const body = await validBody(UpdateUserRequest, raw);
    const userId = accepted(
      await this.commands.execute<UpdateUserCommand, Outcome<number>>(
        new UpdateUserCommand(caller, username, {
          fullName: body.full_name,
          phone: body.phone,
          roles: body.user_roles,
          firstLogin: body.first_login,
        }),
      ),
    );
    await this.readModels.settled();
    const user = await this.users.users().get(String(userId));
    if (!user) throw new NotFoundException({ error: 'not found', message: 'not found' });
    return readUserJson(this.users.store, user);
  }
}

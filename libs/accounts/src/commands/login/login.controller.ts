import { Body, Controller, ForbiddenException, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { CommandBus } from '@nestjs/cqrs';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import { RateLimitGuard, RateLimited } from '../../rate-limit/rate-limiter';
import { LoginRequest } from './login.dto';
import { LoginCommand, type LoginResult } from './login.handler';

@Controller('api/v1.0')
export class LoginController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @RateLimited('login')
  @UseGuards(RateLimitGuard)
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginRequest, @Req() request: Request) {
    const result = await this.commands.execute<LoginCommand, LoginResult>(
      new LoginCommand(body.username, body.password, request.ip ?? ''),
    );
    if (!result.ok) {
      throw new ForbiddenException({
        error: 'forbidden access',
        message: 'Username or password is incorrect',
      });
    }
    return {
      message: `Logged in as ${result.username}`,
      access_token: result.accessToken,
      refresh_token: result.refreshToken,
    };
  }
}

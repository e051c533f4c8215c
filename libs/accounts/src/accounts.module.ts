import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { TokenService } from './auth/token.service';
import { BootstrapAdmin } from './commands/bootstrap-admin/bootstrap-admin';
import { LoginController } from './commands/login/login.controller';
import { LoginHandler } from './commands/login/login.handler';
import { RefreshTokenController } from './commands/refresh-token/refresh-token.controller';
import { RefreshTokenHandler } from './commands/refresh-token/refresh-token.handler';
import { GetOwnUserController } from './queries/get-own-user/get-own-user.controller';

@Module({
  imports: [
    CqrsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [LoginController, RefreshTokenController, GetOwnUserController],
  providers: [
    TokenService,
    LoginHandler,
    RefreshTokenHandler,
    BootstrapAdmin,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [TokenService, BootstrapAdmin],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { AccessCheck } from '@lorawatch/platform/auth/access-check';
import { JwtAuthGuard } from '@lorawatch/platform/auth/jwt-auth.guard';
import { JwtStrategy } from '@lorawatch/platform/auth/jwt.strategy';
import { TokenService } from '@lorawatch/platform/auth/token.service';
import { ActivateAccountController } from './commands/activate-account/activate-account.controller';
import { ActivateAccountHandler } from './commands/activate-account/activate-account.handler';
import { BootstrapAdmin } from './commands/bootstrap-admin/bootstrap-admin';
import { ChangePasswordController } from './commands/change-password/change-password.controller';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler';
import { ConfirmEmailChangeController } from './commands/confirm-email-change/confirm-email-change.controller';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change/confirm-email-change.handler';
import { DeleteUserController } from './commands/delete-user/delete-user.controller';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler';
import { LoginController } from './commands/login/login.controller';
import { LoginHandler } from './commands/login/login.handler';
import { LogoutAccessController } from './commands/logout-access/logout-access.controller';
import { RevokeAccessTokenHandler } from './commands/logout-access/logout-access.handler';
import { LogoutRefreshController } from './commands/logout-refresh/logout-refresh.controller';
import { RevokeRefreshTokenHandler } from './commands/logout-refresh/logout-refresh.handler';
import { RecoverPasswordController } from './commands/recover-password/recover-password.controller';
import { RecoverPasswordHandler } from './commands/recover-password/recover-password.handler';
import { RefreshTokenController } from './commands/refresh-token/refresh-token.controller';
import { RefreshTokenHandler } from './commands/refresh-token/refresh-token.handler';
import { RegisterController } from './commands/register/register.controller';
import { RegisterHandler } from './commands/register/register.handler';
import { RequestEmailChangeController } from './commands/request-email-change/request-email-change.controller';
import { RequestEmailChangeHandler } from './commands/request-email-change/request-email-change.handler';
import { ResendActivationController } from './commands/resend-activation/resend-activation.controller';
import { ResendActivationHandler } from './commands/resend-activation/resend-activation.handler';
import { ResetPasswordController } from './commands/reset-password/reset-password.controller';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { UserStore } from './commands/shared/user-store';
import { UnblockUserController } from './commands/unblock-user/unblock-user.controller';
import { UnblockUserHandler } from './commands/unblock-user/unblock-user.handler';
import { UpdateUserController } from './commands/update-user/update-user.controller';
import { UpdateUserHandler } from './commands/update-user/update-user.handler';
import { AccountMails } from './mail/account-mails';
import { CountUsersController } from './queries/count-users/count-users.controller';
import { GetOwnUserController } from './queries/get-own-user/get-own-user.controller';
import { GetUserController } from './queries/get-user/get-user.controller';
import { ListRolesController } from './queries/list-roles/list-roles.controller';
import { ListUsersController } from './queries/list-users/list-users.controller';
import { RateLimitGuard, rateLimitOptions } from './rate-limit/rate-limiter';
import { RECAPTCHA_VERIFIER, noRecaptcha, type RecaptchaVerifier } from './recaptcha/recaptcha.port';
import { SiteverifyRecaptcha } from './recaptcha/siteverify-recaptcha';

@Module({
  imports: [
    CqrsModule,
    PassportModule,
    ThrottlerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: rateLimitOptions }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [
    LoginController,
    RefreshTokenController,
    LogoutAccessController,
    LogoutRefreshController,
    RegisterController,
    ActivateAccountController,
    RecoverPasswordController,
    ResetPasswordController,
    ChangePasswordController,
    RequestEmailChangeController,
    ConfirmEmailChangeController,
    ResendActivationController,
    GetOwnUserController,
    ListUsersController,
    CountUsersController,
    ListRolesController,
    GetUserController,
    UpdateUserController,
    DeleteUserController,
    UnblockUserController,
  ],
  providers: [
    TokenService,
    AccessCheck,
    JwtStrategy,
    UserStore,
    AccountMails,
    RateLimitGuard,
    {
      provide: RECAPTCHA_VERIFIER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RecaptchaVerifier =>
        config.recaptcha.secret === null
          ? noRecaptcha
          : new SiteverifyRecaptcha(config.recaptcha.secret, config.recaptcha.verifyUrl),
    },
    LoginHandler,
    RefreshTokenHandler,
    RevokeAccessTokenHandler,
    RevokeRefreshTokenHandler,
    RegisterHandler,
    ActivateAccountHandler,
    RecoverPasswordHandler,
    ResetPasswordHandler,
    ChangePasswordHandler,
    RequestEmailChangeHandler,
    ConfirmEmailChangeHandler,
    ResendActivationHandler,
    UpdateUserHandler,
    DeleteUserHandler,
    UnblockUserHandler,
    BootstrapAdmin,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
  ],
  exports: [TokenService, AccessCheck, BootstrapAdmin],
})
export class AccountsModule {}

import { BadRequestException, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ConnectionTests } from '../../connection-test/connection-tests';
import { TtnV2ApiError, listTtnV2Gateways, ttnV2Login, type TtnV2FailureType } from '@lorawatch/ingest';
import { REFUSED_BY_POLICY } from '@lorawatch/platform/egress/egress-policy';
import { serverBaseUrl } from '../../domain/ttn-regions';
import { TtnAccountGateways } from '../../ttn-accounts/ttn-account-gateways';
import { TtnCredentialsRequest } from './sign-in-ttn-account.dto';

/**
 * TTN v2 data sources are made from an account: the admin signs in with the account's credentials, picks among
 * its gateways, then creates the data source (docs/api.md §4). The gateway list is kept per user for an hour.
 */
@ApiTags('TtnAccounts')
@Controller('api/v1.0/data_collectors')
export class SignInTtnAccountController {
  /** The account's server is reached through the same egress policy as the data sources' connection tests. */
  constructor(
    private readonly tests: ConnectionTests,
    private readonly gateways: TtnAccountGateways,
  ) {}

  /** The original console's route, which signs in to a TTN v2 account as well. */
  @AdminOnly()
  @Post('ttn_credentials')
  @HttpCode(200)
  signInTtnAccount(@CurrentUser() user: AuthUser, @Body() body: TtnCredentialsRequest) {
    return this.signIn(user, body);
  }

  @AdminOnly()
  @Post('ttn_v2_credentials')
  @HttpCode(200)
  signInTtnV2Account(@CurrentUser() user: AuthUser, @Body() body: TtnCredentialsRequest) {
    return this.signIn(user, body);
  }

  private async signIn(user: AuthUser, body: TtnCredentialsRequest) {
    if (!body.user || !body.password) throw bad('TTN credentials not provided');
    if (!body.ip) throw bad('URL invalid');
    const baseUrl = serverBaseUrl({ host: body.ip, port: body.port ?? null, ssl: body.ssl ?? true });
    const egress = this.tests.egressLookup(user.organizationId);
    const login = await ttnV2Login(baseUrl, body.user, body.password, undefined, undefined, egress);
    if (!login.ok)
      throw bad(login.type === 'LOGIN_FAILED' ? 'Login failed with provided credentials' : coarse(login));
    try {
      this.gateways.keep(user.userId, await listTtnV2Gateways(baseUrl, login.token, undefined, egress));
    } catch (error) {
      if (error instanceof TtnV2ApiError) throw bad(coarse(error));
      throw error;
    }
    return { message: 'Credentials processed successfully' };
  }
}

/**
 * What the caller learns of a failure: a coarse reason, never the TTN server's own words (its error text, or what
 * some other service on that address and port answered), so that this endpoint cannot be used to read or probe
 * other services.
 */
function coarse(failure: { type: TtnV2FailureType; message: string }): string {
  if (failure.type === 'LOGIN_FAILED') return 'The TTN server refused the credentials';
  if (failure.message.includes(REFUSED_BY_POLICY)) return 'The connection was refused by policy';
  const status = /^HTTP (\d{3})/.exec(failure.message);
  if (status) return `The TTN server answered HTTP ${status[1]}`;
  if (failure.type === 'TIMEOUT') return 'The TTN server could not be reached';
  // Our own descriptions of an answer that is not the TTN v2 API's; anything else is a network error.
  if (/^(the login answer|the gateway list|gateway \[)/.test(failure.message))
    return 'The TTN server gave an unexpected answer';
  return 'The TTN server could not be reached';
}

function bad(message: string): BadRequestException {
  return new BadRequestException({ error: message, message });
}

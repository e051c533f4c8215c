import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { TtnAccountGateways } from '../../ttn-accounts/ttn-account-gateways';
import { listTtnAccountGateways } from './list-ttn-account-gateways.read';

/** The gateways of the TTN v2 account the caller last signed in with, within the hour (docs/api.md §4). */
@ApiTags('TtnAccounts')
@Controller('api/v1.0/data_collectors')
export class ListTtnAccountGatewaysController {
  constructor(private readonly gateways: TtnAccountGateways) {}

  @Get('user_gateways')
  listTtnAccountGateways(@CurrentUser() user: AuthUser) {
    return listTtnAccountGateways(this.gateways, user);
  }
}

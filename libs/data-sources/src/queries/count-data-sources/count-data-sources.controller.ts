import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { countDataSources } from './count-data-sources.read';

@ApiTags('DataSources')
@Controller('api/v1.0')
export class CountDataSourcesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Data sources that are not disabled. */
  @Get('data_collectors/count')
  countDataSources(@CurrentUser() user: AuthUser) {
    return countDataSources(this.store, user);
  }
}

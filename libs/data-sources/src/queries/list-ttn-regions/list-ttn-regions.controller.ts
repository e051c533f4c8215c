import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { listTtnRegions } from './list-ttn-regions.read';

/** The TTN v3 clusters a data source can read from (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListTtnRegionsController {
  @Get('data_collectors/ttn_regions')
  listTtnRegions() {
    return listTtnRegions();
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { listDataSourceTypes } from './list-data-source-types.read';

/** The kinds of data source that can be created (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourceTypesController {
  @Get('data_collector_types')
  listDataSourceTypes() {
    return listDataSourceTypes();
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DATA_SOURCE_TYPES } from '../../domain/data-source-types';

/** The kinds of data source that can be created (docs/api.md §4). */
@ApiTags('DataSources')
@Controller('api/v1.0')
export class ListDataSourceTypesController {
  @Get('data_collector_types')
  listDataSourceTypes() {
    return DATA_SOURCE_TYPES.map(({ id, type, name }) => ({ id, type, name }));
  }
}

import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { listAlertTypes } from './list-alert-types.read';

/** The alert types of the catalogue (docs/api.md §6). */
@ApiTags('Alerts')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListAlertTypesController {
  @Get('alert_types')
  listAlertTypes() {
    return listAlertTypes();
  }
}

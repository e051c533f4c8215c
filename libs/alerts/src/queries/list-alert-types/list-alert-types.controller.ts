import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';

/** The alert types of the catalogue (docs/api.md §6). */
@ApiTags('Alerts')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListAlertTypesController {
  @Get('alert_types')
  listAlertTypes() {
    return ALERT_CATALOGUE.map(alertTypeJson);
  }
}

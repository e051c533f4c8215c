import { IntersectionType, OmitType } from '@nestjs/swagger';
import { ExportFormatQuery } from '@lorawatch/platform/export/export-format';
import { ListAlertsQuery } from '../queries/alerts.query';

/** GET alerts/export: the list's filters and order, without its paging, and the format. */
export class ExportAlertsQuery extends IntersectionType(
  OmitType(ListAlertsQuery, ['page', 'size', 'after', 'before', 'include_parameters'] as const),
  ExportFormatQuery,
) {}

/** GET events_log/export: the same filters; the events log has one order, newest first. */
export class ExportEventsLogQuery extends OmitType(ExportAlertsQuery, ['order_by'] as const) {}

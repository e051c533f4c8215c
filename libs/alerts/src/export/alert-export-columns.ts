import type { ExportColumn } from '@lorawatch/platform/export/stream-export';
import type { AlertView } from '@lorawatch/domain/alert.view';

/** An alert with the name of its data source, as the export writes it. */
export interface AlertExportRow {
  alert: AlertView;
  dataSourceName: string | null;
}

/** The CSV columns of the alerts export: the list's fields, with the asset's identifiers spelled out. */
export const ALERT_EXPORT_COLUMNS: readonly ExportColumn<AlertExportRow>[] = [
  { header: 'id', value: (row) => row.alert.numericId },
  { header: 'type', value: (row) => row.alert.code },
  { header: 'description', value: (row) => row.alert.typeName },
  { header: 'risk', value: (row) => row.alert.risk },
  { header: 'created_at', value: (row) => row.alert.createdAt },
  { header: 'dev_eui', value: (row) => row.alert.devEui },
  { header: 'dev_addr', value: (row) => row.alert.devAddr },
  { header: 'gateway_eui', value: (row) => row.alert.gateway },
  { header: 'data_collector_id', value: (row) => row.alert.dataSourceId },
  { header: 'data_collector_name', value: (row) => row.dataSourceName },
  { header: 'asset_importance', value: (row) => row.alert.assetImportance },
  { header: 'resolved', value: (row) => row.alert.resolved },
  { header: 'resolved_at', value: (row) => row.alert.resolvedAt },
  { header: 'resolved_by', value: (row) => row.alert.resolvedBy?.username ?? null },
  { header: 'resolution_comment', value: (row) => row.alert.resolutionComment },
  { header: 'parameters', value: (row) => row.alert.parameters },
];

/** The columns of the events log as the console shows them, with the alert's id first. */
export const EVENTS_LOG_EXPORT_COLUMNS: readonly ExportColumn<AlertExportRow>[] = [
  { header: 'id', value: (row) => row.alert.numericId },
  { header: 'risk', value: (row) => row.alert.risk },
  { header: 'description', value: (row) => row.alert.typeName },
  { header: 'date', value: (row) => row.alert.createdAt },
  { header: 'source', value: (row) => row.dataSourceName },
  { header: 'state', value: (row) => (row.alert.resolved ? 'Resolved' : 'Unresolved') },
];

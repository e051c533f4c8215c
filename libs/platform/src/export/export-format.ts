import { IsIn } from 'class-validator';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `format=csv|json`, required: what every export endpoint reads besides its list's filters. */
export class ExportFormatQuery {
  @IsIn([...EXPORT_FORMATS], { message: 'format must be csv or json' })
  format!: ExportFormat;
}

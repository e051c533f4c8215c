import { MultiSelect } from '@mantine/core';
import type { DataSource } from '../types/dashboard';

export interface DataSourceFilterProps {
  sources: readonly DataSource[];
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

/** Narrows every chart and the latest alerts to some data sources; none selected means all of them. */
export function DataSourceFilter({ sources, selectedIds, onChange, disabled }: DataSourceFilterProps) {
  return (
    <MultiSelect
      label="Filter by data source"
      placeholder={selectedIds.length === 0 ? 'All data sources' : undefined}
      data={sources.map((source) => ({ value: String(source.id), label: source.name }))}
      value={selectedIds.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      clearable
      searchable
      nothingFoundMessage="No results found..."
      disabled={disabled}
      data-testid="data-source-filter"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

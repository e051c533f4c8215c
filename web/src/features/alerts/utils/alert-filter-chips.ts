import type { FilterChip } from '../../../components/FilterChips';
import type { AlertType } from '../../../lib/alerts/alert';
import type { ChartDatum } from '../../../components/charts/chart-data';
import type { ReviewAction, ReviewFilters } from '../types/review-view';

/** One chip per chosen risk, alert type (by name) and data source, plus the status. */
export function alertFilterChips(
  filters: ReviewFilters,
  alertTypes: ReadonlyMap<string, AlertType>,
  dataSources: readonly ChartDatum[],
  dispatch: (action: ReviewAction) => void,
): FilterChip[] {
  const sourceName = (id: number) =>
    dataSources.find((source) => source.id === String(id))?.label ?? `Data source ${id}`;
  const chips: FilterChip[] = [
    ...filters.risks.map((risk) => ({
      key: `risk:${risk}`,
      label: risk,
      onRemove: () => dispatch({ type: 'toggle-risk', risk }),
    })),
    ...filters.types.map((code) => ({
      key: `type:${code}`,
      label: alertTypes.get(code)?.name ?? code,
      onRemove: () => dispatch({ type: 'toggle-type', code }),
    })),
    ...filters.dataCollectorIds.map((id) => ({
      key: `source:${id}`,
      label: sourceName(id),
      onRemove: () => dispatch({ type: 'toggle-data-collector', id }),
    })),
  ];
  const { status } = filters;
  if (status) {
    chips.push({
      key: 'status',
      label: status === 'resolved' ? 'Resolved' : 'Unresolved',
      onRemove: () => dispatch({ type: 'toggle-status', status }),
    });
  }
  return chips;
}

/** Charts cycle five colours (docs/console.md §9). */
export const CHART_COLORS = ['#5d9cec', '#27c24c', '#ff902b', '#7266ba', '#23b7e5'] as const;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length];
}

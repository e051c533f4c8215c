import { describe, expect, it } from 'vitest';
import { formatPercent, legendEntries, showsSliceLabel, withColours } from './chart-data';
import { CHART_COLORS } from './palette';

describe('chart data', () => {
  const data = [
    { id: 'a', label: 'A', value: 1 },
    { id: 'b', label: 'B', value: 50 },
    { id: 'c', label: 'C', value: 7 },
    { id: 'd', label: 'D', value: 30 },
    { id: 'e', label: 'E', value: 12, color: '#f05050' },
  ];

  it('shows the top four legend entries until expanded', () => {
    expect(legendEntries(data, false).map((datum) => datum.id)).toEqual(['b', 'd', 'e', 'c']);
    expect(legendEntries(data, true)).toHaveLength(5);
  });

  it('hides slice labels under half a percent', () => {
    expect(showsSliceLabel(4, 1000)).toBe(false);
    expect(showsSliceLabel(5, 1000)).toBe(true);
    expect(showsSliceLabel(0, 0)).toBe(false);
  });

  it('cycles the five chart colours unless a datum has its own', () => {
    const coloured = withColours([...data, { id: 'f', label: 'F', value: 1 }]);
    expect(coloured.map((datum) => datum.color)).toEqual([
      CHART_COLORS[0],
      CHART_COLORS[1],
      CHART_COLORS[2],
      CHART_COLORS[3],
      '#f05050',
      CHART_COLORS[0],
    ]);
  });

  it('formats shares to one decimal', () => {
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(0, 0)).toBe('0%');
  });
});

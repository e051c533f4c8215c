import { describe, expect, it } from 'vitest';
import {
  OTHER_ID,
  formatPercent,
  groupSmallSlices,
  legendEntries,
  niceStep,
  rankedRows,
  showsSliceLabel,
  withColours,
  yTickValues,
} from './chart-data';
import { CHART_PALETTES } from './palette';

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

  it.each(['light', 'dark'] as const)(
    'cycles the five %s chart colours unless a datum has its own',
    (scheme) => {
      const palette = CHART_PALETTES[scheme];
      const coloured = withColours([...data, { id: 'f', label: 'F', value: 1 }], scheme);
      expect(coloured.map((datum) => datum.color)).toEqual([
        palette[0],
        palette[1],
        palette[2],
        palette[3],
        '#f05050',
        palette[0],
      ]);
    },
  );

  it('formats shares to one decimal', () => {
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(0, 0)).toBe('0%');
  });

  describe('grouping small slices', () => {
    const vendors = Array.from({ length: 27 }, (_, index) => ({
      id: `v${index}`,
      label: `Vendor ${index}`,
      value: index < 5 ? 100 : 3,
    }));

    it('keeps at most eight slices and gathers the rest as Other (n)', () => {
      const many = Array.from({ length: 12 }, (_, index) => ({
        id: `k${index}`,
        label: `K${index}`,
        value: 10,
      }));
      const grouped = groupSmallSlices(many);
      expect(grouped).toHaveLength(9);
      expect(grouped[8]).toEqual({ id: OTHER_ID, label: 'Other (4)', value: 40 });
    });

    it('gathers slices under 2 % of the total and keeps the sum', () => {
      const grouped = groupSmallSlices(vendors);
      expect(grouped.map((datum) => datum.id)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', OTHER_ID]);
      expect(grouped[5].label).toBe('Other (22)');
      const sum = (list: readonly { value: number }[]) =>
        list.reduce((total, datum) => total + datum.value, 0);
      expect(sum(grouped)).toBe(sum(vendors));
    });

    it('keeps a selected slice of its own however small', () => {
      const grouped = groupSmallSlices(vendors, ['v20']);
      expect(grouped.map((datum) => datum.id)).toContain('v20');
      expect(grouped.at(-1)?.label).toBe('Other (21)');
    });

    it('leaves a single small slice alone', () => {
      const few = [...data.slice(1), { id: 'tiny', label: 'Tiny', value: 1 }];
      expect(groupSmallSlices(few)).toEqual(few);
    });
  });

  describe('ranked rows', () => {
    const tail = Array.from({ length: 19 }, (_, index) => ({
      id: `t${index}`,
      label: `T${index}`,
      value: 5,
    }));
    const leaders = [12, 10, 9, 8, 7, 6, 6, 5].map((value, index) => ({
      id: `l${index}`,
      label: `L${index}`,
      value,
    }));

    it('keeps the eight largest, largest first, and sums the rest as one Other row', () => {
      const { rows, other } = rankedRows([...tail, ...leaders]);
      expect(rows.map((datum) => datum.id)).toEqual(['l0', 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7']);
      expect(other).toEqual({ label: 'Other (19)', value: 95, count: 19 });
    });

    it('breaks ties by label and leaves out entries of no count', () => {
      const { rows, other } = rankedRows([
        { id: 'b', label: 'Bravo', value: 2 },
        { id: 'z', label: 'Zero', value: 0 },
        { id: 'a', label: 'Alpha', value: 2 },
      ]);
      expect(rows.map((datum) => datum.id)).toEqual(['a', 'b']);
      expect(other).toBeNull();
    });

    it('gives a selected entry its row however small, and gathers nothing when only one would be', () => {
      const picked = rankedRows([...tail, ...leaders], ['t7']);
      expect(picked.rows.map((datum) => datum.id)).toContain('t7');
      expect(picked.other?.label).toBe('Other (18)');
      const nine = rankedRows(leaders.concat(tail.slice(0, 1)));
      expect(nine.rows).toHaveLength(9);
      expect(nine.other).toBeNull();
    });

    it('lists everything when the top is unbounded', () => {
      const { rows, other } = rankedRows([...tail, ...leaders], [], Number.POSITIVE_INFINITY);
      expect(rows).toHaveLength(27);
      expect(other).toBeNull();
    });
  });

  describe('y axis ticks', () => {
    it('rounds steps to 1, 2 or 5 times a power of ten, never under 1', () => {
      expect([0.3, 1, 1.2, 2, 2.1, 4.9, 5, 7, 12, 150, 892, 1700].map(niceStep)).toEqual([
        1, 1, 2, 2, 5, 5, 5, 10, 20, 200, 1000, 2000,
      ]);
    });

    it('gives seven whole, evenly spaced ticks from 0 up to at least the maximum', () => {
      expect(yTickValues(5350)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000]);
      expect(yTickValues(26)).toEqual([0, 5, 10, 15, 20, 25, 30]);
      expect(yTickValues(3)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(yTickValues(0)).toEqual([0]);
      for (const max of [1, 9, 33, 71, 892, 2600, 123_456]) {
        const ticks = yTickValues(max);
        expect(ticks).toHaveLength(7);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
        expect(ticks.every(Number.isInteger)).toBe(true);
      }
    });
  });
});

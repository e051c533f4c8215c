import { describe, expect, it } from 'vitest';
import type { AlertTypeCount } from '../api/alerts-api';
import { chartsOf } from './alert-charts';

const type = (code: string, risk: AlertTypeCount['risk'], count: number): AlertTypeCount =>
  ({ id: Number(code.slice(4)), code, name: `Type ${code}`, risk, count }) as AlertTypeCount;

const types = [type('LAF-001', 'HIGH', 30), type('LAF-002', 'LOW', 41), type('LAF-003', 'HIGH', 3)];
const sources = [
  { id: 1, name: 'Campus', count: 50 },
  { id: 2, name: 'Harbour', count: 24 },
];

const sum = (data: ReadonlyArray<{ value: number }>) => data.reduce((total, datum) => total + datum.value, 0);

describe('alert charts and TOTAL ALERTS', () => {
  it('agree without filters: every chart sums to the total', () => {
    const charts = chartsOf({ filters: {}, types, sources });
    expect(charts.total).toBe(74);
    expect(sum(charts.byRisk.data)).toBe(74);
    expect(sum(charts.byType.data)).toBe(74);
    expect(sum(charts.byDataSource.data)).toBe(74);
  });

  it('count the total under every filter, each chart leaving out its own dimension', () => {
    const charts = chartsOf({ filters: { risks: ['HIGH'], types: ['LAF-001', 'LAF-002'] }, types, sources });
    expect(charts.total).toBe(30);
    // BY ALERT DESCRIPTION keeps every type of the picked risks; BY RISK every risk of the picked types.
    expect(charts.byType.data.map((datum) => [datum.id, datum.value])).toEqual([
      ['LAF-001', 30],
      ['LAF-003', 3],
    ]);
    expect(charts.byRisk.data.find((datum) => datum.id === 'HIGH')?.value).toBe(30);
    expect(charts.byRisk.data.find((datum) => datum.id === 'LOW')?.value).toBe(41);
  });
});

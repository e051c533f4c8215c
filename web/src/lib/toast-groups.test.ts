import { describe, expect, it } from 'vitest';
import { ArrivalGroup, arrivalsToastText } from './toast-groups';

describe('grouped arrival toasts', () => {
  it('names a single alert by its type and risk', () => {
    expect(arrivalsToastText(1, { name: 'Device signal quality changed', risk: 'LOW' })).toEqual({
      title: 'Device signal quality changed',
      message: 'LOW risk alert',
    });
    expect(arrivalsToastText(1, null)).toEqual({
      title: 'New notification',
      message: 'A new alert matched your preferences.',
    });
  });

  it('opens one toast per burst and counts the rest into it until it closes', () => {
    const group = new ArrivalGroup();
    const steps = Array.from({ length: 12 }, (_, index) =>
      group.add({ name: `Type ${index}`, risk: 'HIGH' }),
    );
    expect(steps.filter((step) => step.opens)).toHaveLength(1);
    expect(steps.at(-1)).toEqual({
      title: '12 new alerts',
      message: 'Latest: Type 11 (HIGH risk)',
      opens: false,
    });
    group.closed();
    expect(group.size).toBe(0);
    expect(group.add(null)).toEqual({
      title: 'New notification',
      message: 'A new alert matched your preferences.',
      opens: true,
    });
  });
});

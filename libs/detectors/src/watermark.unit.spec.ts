import { gatewayFoldBound, type PartitionEventTime } from './watermark';

const at = (minutes: number) => new Date(Date.UTC(2024, 2, 1, 8, minutes)).toISOString();
const time = (
  dataSourceId: number,
  partition: number,
  event: number,
  received = event,
): PartitionEventTime => ({
  dataSourceId,
  partition,
  eventTime: at(event),
  receivedAt: at(received),
});
const MINUTE = 60_000;

describe('gateway fold bound', () => {
  it('given every partition caught up, then everything detected folds', () => {
    const times = [time(1, 0, 10), time(1, 2, 30)];
    expect(gatewayFoldBound({ dataSourceId: 1, times, partitions: 4, caughtUp: () => true })).toBe(Infinity);
  });

  it('given partitions still being detected, then up to the least of their event times less the lateness', () => {
    const times = [time(1, 0, 10), time(1, 1, 20), time(1, 2, 30)];
    const bound = gatewayFoldBound({
      dataSourceId: 1,
      times,
      partitions: 3,
      caughtUp: (partition) => partition === 0,
    });
    expect(bound).toBe(Date.parse(at(20)) - MINUTE);
  });

  it('given a partition still being detected that never carried the data source, then no fold', () => {
    const times = [time(1, 0, 10)];
    expect(
      gatewayFoldBound({ dataSourceId: 1, times, partitions: 2, caughtUp: (partition) => partition === 0 }),
    ).toBeNull();
  });

  it('given that partition already past what the data source received (other traffic), then it does not hold', () => {
    const times = [time(1, 0, 10), time(2, 1, 5, 40)];
    const caughtUp = (partition: number) => partition === 0;
    expect(gatewayFoldBound({ dataSourceId: 1, times, partitions: 2, caughtUp })).toBe(Infinity);
    const behind = [time(1, 0, 10), time(2, 1, 5, 5)];
    expect(gatewayFoldBound({ dataSourceId: 1, times: behind, partitions: 2, caughtUp })).toBeNull();
  });

  it('honours another allowed lateness', () => {
    const times = [time(1, 0, 10)];
    expect(
      gatewayFoldBound({ dataSourceId: 1, times, partitions: 1, caughtUp: () => false, latenessSeconds: 0 }),
    ).toBe(Date.parse(at(10)));
  });
});

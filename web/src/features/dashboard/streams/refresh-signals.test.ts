import { Subject, filter, map, type Observable } from 'rxjs';
import type { RealtimeEvents } from '../../../lib/realtime';
import { dashboardRefresh$ } from './refresh-signals';

class FakeRealtime implements RealtimeEvents {
  readonly events = new Subject<{ name: string; payload: unknown }>();
  on(event: string): Observable<unknown> {
    return this.events.pipe(
      filter((item) => item.name === event),
      map((item) => item.payload),
    );
  }
  send(name: string, payload: unknown = {}) {
    this.events.next({ name, payload });
  }
}

describe('dashboard refresh signal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires on new_alert and projection_updated, once for a burst plus once after it', () => {
    const realtime = new FakeRealtime();
    let refreshes = 0;
    const subscription = dashboardRefresh$(realtime, {
      liveRefreshMs: 1000,
      autoRefreshMs: 60_000,
    }).subscribe(() => refreshes++);

    realtime.send('new_alert', { alert_id: 1 });
    expect(refreshes).toBe(1);
    realtime.send('projection_updated', { projection: 'alerts' });
    realtime.send('projection_updated', { projection: 'issues' });
    expect(refreshes).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(refreshes).toBe(2);

    realtime.send('new_notification', {});
    vi.advanceTimersByTime(5000);
    expect(refreshes).toBe(2);
    subscription.unsubscribe();
  });

  it('still refreshes every minute when nothing happens, counting from the last refresh', () => {
    const realtime = new FakeRealtime();
    let refreshes = 0;
    const subscription = dashboardRefresh$(realtime, {
      liveRefreshMs: 1000,
      autoRefreshMs: 60_000,
    }).subscribe(() => refreshes++);

    vi.advanceTimersByTime(59_999);
    expect(refreshes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(refreshes).toBe(1);

    vi.advanceTimersByTime(30_000);
    realtime.send('new_alert', { alert_id: 2 });
    expect(refreshes).toBe(2);
    vi.advanceTimersByTime(59_000);
    expect(refreshes).toBe(2);
    vi.advanceTimersByTime(1_000);
    expect(refreshes).toBe(3);
    subscription.unsubscribe();
  });
});

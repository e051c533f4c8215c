import type { ReadModelName } from '@lorawatch/contracts';
import { ProjectionUpdateThrottle, type Timers } from './projection-update-throttle';
import { type ProjectionUpdatedMessage } from '@lorawatch/contracts';

/** Timers that fire only when the test says time has passed. */
class ManualTimers implements Timers {
  private now = 0;
  private queue: Array<{ at: number; callback: () => void; id: number }> = [];
  private nextId = 0;

  set(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.queue.push({ at: this.now + ms, callback, id });
    return id;
  }

  clear(handle: unknown): void {
    this.queue = this.queue.filter((timer) => timer.id !== handle);
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = this.queue.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.queue = this.queue.filter((timer) => timer !== due);
      this.now = due.at;
      due.callback();
    }
    this.now = until;
  }

  get time(): number {
    return this.now;
  }

  get scheduled(): number {
    return this.queue.length;
  }
}

const update = (
  projection: ReadModelName,
  organization: number,
  position: number,
  collections: string[] = [projection],
): ProjectionUpdatedMessage => ({ projection, organization_id: organization, position, collections });

describe('projection_updated messages are coalesced per projection and organisation', () => {
  let timers: ManualTimers;
  let sent: ProjectionUpdatedMessage[];
  let throttle: ProjectionUpdateThrottle;

  beforeEach(() => {
    timers = new ManualTimers();
    sent = [];
    throttle = new ProjectionUpdateThrottle((message) => sent.push(message), 500, timers);
  });

  it('sends the first change at once', () => {
    throttle.push(update('alerts', 1, 10));
    expect(sent).toEqual([update('alerts', 1, 10)]);
  });

  it('merges the changes of a window into one message sent when it closes, with the newest position', () => {
    throttle.push(update('alerts', 1, 10));
    throttle.push(update('alerts', 1, 11, ['alert_counts']));
    throttle.push(update('alerts', 1, 12, ['alerts']));
    expect(sent).toHaveLength(1);
    timers.advance(500);
    expect(sent).toEqual([update('alerts', 1, 10), update('alerts', 1, 12, ['alert_counts', 'alerts'])]);
  });

  it('never sends two messages of a projection and organisation less than a window apart', () => {
    const sentAt: number[] = [];
    throttle = new ProjectionUpdateThrottle(
      (message) => {
        sent.push(message);
        sentAt.push(timers.time);
      },
      500,
      timers,
    );
    for (let position = 1; position <= 100; position++) {
      throttle.push(update('alerts', 1, position));
      timers.advance(30);
    }
    timers.advance(1000);
    const gaps = sentAt.slice(1).map((at, index) => at - sentAt[index]);
    expect(gaps.length).toBeGreaterThan(1);
    expect(gaps.every((gap) => gap >= 500)).toBe(true);
    expect(sent[sent.length - 1].position).toBe(100);
  });

  it('keeps projections and organisations apart', () => {
    throttle.push(update('alerts', 1, 1));
    throttle.push(update('alerts', 2, 2));
    throttle.push(update('issues', 1, 3));
    expect(sent.map((message) => [message.projection, message.organization_id])).toEqual([
      ['alerts', 1],
      ['alerts', 2],
      ['issues', 1],
    ]);
  });

  it('sends again at once after a quiet window', () => {
    throttle.push(update('alerts', 1, 1));
    timers.advance(500);
    throttle.push(update('alerts', 1, 2));
    expect(sent.map((message) => message.position)).toEqual([1, 2]);
  });

  it('leaves no timer behind when stopped', () => {
    throttle.push(update('alerts', 1, 1));
    throttle.push(update('alerts', 1, 2));
    throttle.stop();
    expect(timers.scheduled).toBe(0);
    timers.advance(1000);
    expect(sent).toHaveLength(1);
  });
});

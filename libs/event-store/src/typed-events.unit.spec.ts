import type { RecordedEvent } from './event-store.port';
import { eventGuard, recordedOf } from './typed-events';

interface Payloads {
  Opened: { id: string };
  Closed: { id: string; reason: number };
}

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: `${type}-1`,
  type,
  data,
  metadata: {
    organizationId: 1,
    actor: 'system',
    correlationId: 'c-1',
    causationId: null,
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 1,
  },
  streamId: 'thing-1',
  revision: 0,
  position: 1,
  recordedAt: '2026-01-01T00:00:00.000Z',
});

describe('typed events', () => {
  const isEvent = eventGuard<Payloads>();

  it('narrows an event by its type name only', () => {
    const closed = recorded('Closed', { id: 'a', reason: 2 });
    expect(isEvent(closed, 'Closed')).toBe(true);
    expect(isEvent(closed, 'Opened')).toBe(false);
    expect(isEvent(recorded('Other', {}), 'Opened')).toBe(false);
    if (isEvent(closed, 'Closed')) expect(closed.data.reason).toBe(2);
  });

  it('casts at the boundary without touching the event', () => {
    const event = recorded('Opened', { id: 'b' });
    const typed = recordedOf<Payloads>(event);
    expect(typed).toBe(event);
    expect(typed.type === 'Opened' ? typed.data.id : null).toBe('b');
  });
});

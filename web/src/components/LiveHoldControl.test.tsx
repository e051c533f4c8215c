import { describe, expect, it } from 'vitest';
import { liveHoldStatus } from './LiveHoldControl';

describe('live hold status text', () => {
  it('says why the list holds still and what waits', () => {
    expect(liveHoldStatus({ paused: false, hovered: false, pending: false, waiting: 0 })).toBe('Live');
    expect(liveHoldStatus({ paused: true, hovered: false, pending: false, waiting: 0 })).toBe('Paused');
    expect(liveHoldStatus({ paused: true, hovered: true, pending: true, waiting: 12 })).toBe(
      'Paused: 12 new waiting',
    );
    expect(liveHoldStatus({ paused: false, hovered: true, pending: true, waiting: 0 })).toBe(
      'Held while the pointer is on the list: updates waiting',
    );
  });
});

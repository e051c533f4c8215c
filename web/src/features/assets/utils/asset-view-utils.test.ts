import { makeDevice, makeGateway, GATEWAY_ID } from '../testing/asset-fixtures';
import { TIMELINE_MAX_ZOOM_MS, TIMELINE_MIN_ZOOM_MS } from '../types/asset-view-constants';
import { assetMapContent } from './asset-points';
import { formatCounter, formatFrequency, formatMeasure } from './network-format';
import { clampWindow, initialWindow, panWindow, timelineEvents, zoomWindow } from './timeline';
import { makeAssetAlert } from '../testing/asset-fixtures';

describe('network figures', () => {
  it('gives counters with one-decimal percentages, or a dash when unknown', () => {
    expect(formatCounter({ total: 17, percentage: 85.04 })).toBe('17 (85.0%)');
    expect(formatCounter({ total: 3, percentage: null })).toBe('3 (-)');
    expect(formatCounter(null)).toBe('-');
  });

  it('words the message frequency in a readable unit', () => {
    expect(formatFrequency(0.53)).toBe('every 0.5 s');
    expect(formatFrequency(32)).toBe('every 32 s');
    expect(formatFrequency(600)).toBe('every 10 min');
    expect(formatFrequency(5400)).toBe('every 1.5 h');
    expect(formatFrequency(null)).toBe('-');
  });

  it('adds units to measures', () => {
    expect(formatMeasure(-108, 'dBm')).toBe('-108 dBm');
    expect(formatMeasure(5.94, 'dB')).toBe('5.9 dB');
    expect(formatMeasure(undefined, 'bytes')).toBe('-');
  });
});

describe('timeline window', () => {
  const hour = 3_600_000;

  it('stays between 1 hour and 30 days', () => {
    expect(clampWindow({ start: 0, end: 60_000 })).toEqual({
      start: 30_000 - TIMELINE_MIN_ZOOM_MS / 2,
      end: 30_000 + TIMELINE_MIN_ZOOM_MS / 2,
    });
    const wide = clampWindow({ start: 0, end: 90 * 86_400_000 });
    expect(wide.end - wide.start).toBe(TIMELINE_MAX_ZOOM_MS);
    const zoomedIn = zoomWindow({ start: 0, end: 2 * hour }, 0.25);
    expect(zoomedIn.end - zoomedIn.start).toBe(hour);
  });

  it('fits the alerts and ends after the latest', () => {
    const events = timelineEvents([
      makeAssetAlert({ created_at: '2024-03-05 10:00:00+0000' }),
      makeAssetAlert({ created_at: '2024-03-05 14:00:00+0000' }),
    ]);
    const window = initialWindow(events, Date.now());
    expect(window.start).toBeLessThan(Date.parse('2024-03-05T10:00:00Z'));
    expect(window.end).toBeGreaterThan(Date.parse('2024-03-05T14:00:00Z'));
    expect(panWindow(window, -0.5).end).toBeLessThan(window.end);
  });

  it('puts unknown risks in the INFO lane and skips unreadable dates', () => {
    const events = timelineEvents([
      makeAssetAlert({ type: null }),
      makeAssetAlert({ created_at: 'not a date' }),
    ]);
    expect(events).toHaveLength(1);
    expect(events[0].risk).toBe('INFO');
  });
});

describe('asset map content', () => {
  it('shows a gateway with its 5000 m circle', () => {
    const { points, circles } = assetMapContent(makeGateway());
    expect(points).toEqual([
      expect.objectContaining({ kind: 'gateway', label: 'B827EBFFFE8965A2', latitude: 52.350691 }),
    ]);
    expect(circles).toEqual([{ latitude: 52.350691, longitude: 4.931965, radius: 5000 }]);
  });

  it('shows the located gateways of a device, each with its circle', () => {
    const { points, circles } = assetMapContent(makeDevice());
    expect(points.map((point) => point.id)).toEqual([`gateway-${GATEWAY_ID}`]);
    expect(circles).toHaveLength(1);
  });
});

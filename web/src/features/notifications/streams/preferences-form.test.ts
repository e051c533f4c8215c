import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../types/notifications';
import { addAdditional, isValidUrl, removeAdditional, setChannel, toRequest } from './preferences-form';

const preferences = (): NotificationPreferences => ({
  destinations: [
    { destination: 'sms', enabled: false, additional: [] },
    { destination: 'email', enabled: true, additional: [{ id: 4, email: 'ops@example.com', active: true }] },
    { destination: 'push', enabled: true },
    {
      destination: 'webhook',
      enabled: true,
      additional: [{ id: 5, url: 'https://hooks.example.com/a', secret: null, active: true }],
    },
  ],
  risks: [{ name: 'high', enabled: true }],
  asset_importance: [{ name: 'high', enabled: true }],
  dataCollectors: [],
  asset_tags: [],
});

describe('notification preferences form', () => {
  it('accepts only absolute http(s) webhook URLs', () => {
    expect(isValidUrl('https://hooks.example.com/alerts')).toBe(true);
    expect(isValidUrl('http://10.0.0.5:8080/x')).toBe(true);
    expect(isValidUrl('hooks.example.com')).toBe(false);
    expect(isValidUrl('ftp://example.com')).toBe(false);
    expect(isValidUrl('')).toBe(false);
  });

  it('adds extra destinations inactive, to be activated by their link', () => {
    const changed = addAdditional(preferences(), 'email', { email: 'night@example.com' });
    expect(changed.destinations[1].additional).toEqual([
      { id: 4, email: 'ops@example.com', active: true },
      { id: null, email: 'night@example.com', active: false },
    ]);
    expect(removeAdditional(changed, 'email', 0).destinations[1].additional).toEqual([
      { id: null, email: 'night@example.com', active: false },
    ]);
  });

  it('never enables SMS', () => {
    expect(setChannel(preferences(), 'sms', true).destinations[0].enabled).toBe(false);
    expect(setChannel(preferences(), 'push', false).destinations[2].enabled).toBe(false);
  });

  it('sends null for a webhook secret that was not retyped, so the stored one is kept', () => {
    const withNew = addAdditional(preferences(), 'webhook', {
      url: 'https://b.example.com',
      secret: 's3cret',
    });
    const request = toRequest(withNew);
    expect(request.destinations[3].additional?.map((extra) => extra.secret)).toEqual([null, 's3cret']);
  });
});

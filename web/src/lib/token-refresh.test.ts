import { Subscription } from 'rxjs';
import { createFakeFetch, jsonResponse } from '../test/fake-fetch';
import { makeAccessToken } from '../test/tokens';
import { createApiClient } from './api';
import { SessionStore } from './session';
import { keepSessionFresh, refreshDelayMs } from './token-refresh';

const ISSUED = 1_700_000_000;
const at = (secondsAfterIssue: number) => (ISSUED + secondsAfterIssue) * 1000;

describe('refreshDelayMs', () => {
  it('refreshes a one-hour token 10 minutes after issue (3000 s left, inside the 800..3600 s window)', () => {
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 3600 }, at(0))).toBe(600_000);
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 3600 }, at(240))).toBe(360_000);
  });

  it('refreshes a 15-minute token when 800 s are left', () => {
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 900 }, at(0))).toBe(100_000);
  });

  it('refreshes at once when the token is already past that point or expired (e.g. after a reload)', () => {
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 3600 }, at(1200))).toBe(0);
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 3600 }, at(4000))).toBe(0);
  });

  it('never schedules a very short-lived token sooner than 30 s after issue', () => {
    expect(refreshDelayMs({ issuedAt: ISSUED, expiresAt: ISSUED + 120 }, at(0))).toBe(30_000);
  });
});

describe('keepSessionFresh', () => {
  let running: Subscription | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    running?.unsubscribe();
    vi.useRealTimers();
  });

  function setUp(answer: () => Response) {
    const store = new SessionStore(window.localStorage);
    const backend = createFakeFetch({ 'POST token_refresh': answer });
    const api = createApiClient({
      fetch: backend.fetch,
      getAccessToken: () => store.current?.accessToken ?? null,
      onUnauthorized: () => store.clear(),
    });
    const now = Math.floor(Date.now() / 1000);
    store.start({
      accessToken: makeAccessToken({ issuedAt: now, lifetimeS: 3600 }),
      refreshToken: 'refresh-1',
    });
    running = keepSessionFresh(store, api).subscribe();
    return { store, requests: backend.requests };
  }

  it('posts the refresh token as bearer with an empty body and stores the new (rotated) tokens', async () => {
    const rotated = makeAccessToken({ issuedAt: Math.floor(Date.now() / 1000) + 600 });
    const { store, requests } = setUp(() =>
      jsonResponse({ access_token: rotated, refresh_token: 'refresh-2' }),
    );

    await vi.advanceTimersByTimeAsync(599_000);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(requests).toHaveLength(1);
    expect(requests[0].headers.Authorization).toBe('Bearer refresh-1');
    expect(requests[0].body).toEqual({});
    expect(store.current?.accessToken).toBe(rotated);
    expect(window.localStorage.getItem('token')).toBe(rotated);
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('ends the session when the refresh is refused with 401', async () => {
    const { store } = setUp(() => jsonResponse({ msg: 'Token has been revoked' }, 401));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(store.current).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('cancels the timer on sign-out', async () => {
    const { store, requests } = setUp(() => jsonResponse({ access_token: makeAccessToken() }));
    store.clear();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(requests).toHaveLength(0);
  });
});

import { FakeSocket } from '../test/fake-socket';
import { makeAccessToken } from '../test/tokens';
import { RealtimeConnection } from './realtime';
import { SessionStore } from './session';

describe('RealtimeConnection', () => {
  function setUp() {
    const store = new SessionStore(window.localStorage);
    const sockets: FakeSocket[] = [];
    const connection = new RealtimeConnection(store.session$, () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    });
    const running = connection.start();
    return { store, sockets, connection, running };
  }

  it('opens one socket per session, authorises on connect and after each token refresh', () => {
    const { store, sockets, running } = setUp();
    expect(sockets).toHaveLength(0);

    const first = makeAccessToken();
    store.start({ accessToken: first, refreshToken: 'r' });
    expect(sockets).toHaveLength(1);
    sockets[0].connect();
    expect(sockets[0].emitted).toEqual([{ event: 'authorization', payload: { token: first } }]);

    const second = makeAccessToken();
    store.rotate(second);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].emitted.at(-1)).toEqual({ event: 'authorization', payload: { token: second } });
    running.unsubscribe();
  });

  it('publishes server events by name and disconnects at sign-out', () => {
    const { store, sockets, connection, running } = setUp();
    store.start({ accessToken: makeAccessToken(), refreshToken: 'r' });
    sockets[0].connect();

    const received: unknown[] = [];
    connection.on('new_alert').subscribe((payload) => received.push(payload));
    sockets[0].serverEmit('updated_data_collector', { id: 1 });
    sockets[0].serverEmit('new_alert', { alert_id: 5 });
    expect(received).toEqual([{ alert_id: 5 }]);

    store.clear();
    expect(sockets[0].disconnected).toBe(true);
    running.unsubscribe();
  });
});

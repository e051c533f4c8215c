import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { startTtnV2Peer, type TtnV2Frame, type TtnV2Peer } from '@lorawatch/simulator/ttn-v2-peer';
import { startApp, type Harness } from './support/app-harness';
import { waitFor } from './support/wait-for';

// A random key: a well-known one would also (rightly) raise the weak-AppKey alerts.
const APP_KEY = Buffer.from('8e4f1c0d93a7b25e6f04d1c8a39b7e12', 'hex');
const GATEWAY = 'eui-b827ebfffe18d213';

/** A TTN v2 (legacy) data source against a local server speaking our documented v2 protocol. */
describe('TTN v2 data source', () => {
  let harness: Harness;
  let admin: string;
  let peer: TtnV2Peer;
  const auth = () => ({ Authorization: `Bearer ${admin}` });

  beforeAll(async () => {
    peer = await startTtnV2Peer({
      accounts: {
        owner: {
          password: 'S3cret!v2',
          gateways: [
            { id: GATEWAY, description: 'Rooftop' },
            { id: 'eui-0000000000000002', description: 'Basement' },
          ],
        },
      },
    });
    harness = await startApp();
    admin = await harness.adminToken();
  });
  afterAll(async () => {
    await harness.close();
    await peer.close();
  });

  it('signs in to the account and lists its gateways', async () => {
    const missing = await harness.http
      .post('/api/v1.0/data_collectors/ttn_credentials')
      .set(auth())
      .send({ user: 'owner' })
      .expect(400);
    expect(missing.body.error).toBe('TTN credentials not provided');
    const wrong = await harness.http
      .post('/api/v1.0/data_collectors/ttn_credentials')
      .set(auth())
      .send({ user: 'owner', password: 'nope', ip: peer.url })
      .expect(400);
    expect(wrong.body.error).toBe('Login failed with provided credentials');
    await harness.http.get('/api/v1.0/data_collectors/user_gateways').set(auth()).expect(404);

    const ok = await harness.http
      .post('/api/v1.0/data_collectors/ttn_v2_credentials')
      .set(auth())
      .send({ user: 'owner', password: 'S3cret!v2', ip: peer.url })
      .expect(200);
    expect(ok.body).toEqual({ message: 'Credentials processed successfully' });
    const gateways = await harness.http
      .get('/api/v1.0/data_collectors/user_gateways')
      .set(auth())
      .expect(200);
    expect(gateways.body).toEqual([
      { id: GATEWAY, description: 'Rooftop' },
      { id: 'eui-0000000000000002', description: 'Basement' },
    ]);
  });

  it('collects the selected gateway and raises the join replay', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send({
        name: 'Legacy',
        description: '',
        data_collector_type_id: 2,
        policy_id: 1,
        ip: peer.url,
        user: 'owner',
        password: 'S3cret!v2',
        gateway_id: GATEWAY,
      })
      .expect(200);
    const id = created.body.id as number;
    await waitFor(async () =>
      (await harness.http.get(`/api/v1.0/data_collectors/${id}`).set(auth())).body.status === 'CONNECTED'
        ? true
        : null,
    );

    const joinRequest = buildJoinRequest({
      appKey: APP_KEY,
      joinEui: '70b3d57ed0000001',
      devEui: '0004a30b001c0531',
      devNonce: 77,
    });
    const joinAccept = buildJoinAccept({
      appKey: APP_KEY,
      joinNonce: 1,
      netId: '000013',
      devAddr: '26011235',
    });
    const frame = (type: TtnV2Frame['type'], payload: Buffer, time: string): TtnV2Frame => ({
      type,
      gateway_id: GATEWAY,
      payload: payload.toString('base64'),
      rssi: -70,
      snr: 6,
      frequency: 868.1,
      data_rate: 'SF7BW125',
      coding_rate: '4/5',
      time,
    });
    peer.publish(frame('gateway join request', joinRequest, '2026-01-01T10:00:00Z'));
    peer.publish(frame('gateway join accept', joinAccept, '2026-01-01T10:00:05Z'));
    peer.publish(frame('gateway join request', joinRequest, '2026-01-01T10:05:00Z'));

    const codes = await waitFor(async () => {
      const alerts = await harness.http
        .get(`/api/v1.0/alerts?data_collector[]=${id}`)
        .set(auth())
        .expect(200);
      const found = (alerts.body as Array<{ type: string }>).map((alert) => alert.type).sort();
      return found.includes('LAF-003') && found.includes('LAF-001') ? found : null;
    });
    expect(codes).toEqual(['LAF-001', 'LAF-003', 'LAF-400', 'LAF-402']);
  });

  it('logs a failed login', async () => {
    const created = await harness.http
      .post('/api/v1.0/data_collectors')
      .set(auth())
      .send({
        name: 'Stale password',
        description: '',
        data_collector_type_id: 2,
        policy_id: 1,
        ip: peer.url,
        user: 'owner',
        password: 'Old!pass1',
        gateway_id: GATEWAY,
      })
      .expect(200);
    await waitFor(async () => {
      const log = await harness.http
        .get(`/api/v1.0/data_collectors/${created.body.id}/log`)
        .set(auth())
        .expect(200);
      return (log.body as Array<{ type: string }>).some((entry) => entry.type === 'FAILED_LOGIN')
        ? true
        : null;
    }, 15_000);
  });
});

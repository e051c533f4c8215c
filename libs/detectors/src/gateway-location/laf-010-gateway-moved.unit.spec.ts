import type { AlertDraft } from '@lorawatch/domain/alert';
import { ALERT_CODES } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, type PolicyItem } from '@lorawatch/domain/policy';
import { readFixtureJson } from '@lorawatch/lorawan/testing/fixtures';
import { alertId } from '../alert-draft';
import { chirpstackDocJoinRequest } from '../testing/fixture-packets';
import { secondsAfter } from '../testing/packet-factory';
import { detectGatewayMoved, type GatewayLocationState } from './laf-010-gateway-moved';

// The ChirpStack v3 documentation's gateway: its stats message reports a GPS position, its up event a join request.
const GATEWAY = '7276ff002e062c18';
const stats = readFixtureJson<{ location: { latitude: number; longitude: number } }>(
  'chirpstack-v3/gw-event-stats.json',
);
const HOME = { latitude: stats.location.latitude, longitude: stats.location.longitude };
const T0 = '2018-07-26T15:15:58.599Z';
const DEFAULT_POLICY = new PolicyView([]);
/** About 111 m per 0.001° of latitude. */
const NORTH_111_M = { latitude: HOME.latitude + 0.001, longitude: HOME.longitude };

function heard(
  seconds: number,
  latitude: number | null,
  longitude: number | null,
  overrides: Partial<Packet> = {},
) {
  return chirpstackDocJoinRequest({ date: secondsAfter(T0, seconds), latitude, longitude, ...overrides });
}

function given(packets: readonly Packet[], policy = DEFAULT_POLICY, from?: GatewayLocationState) {
  let state = from;
  const alerts: AlertDraft[] = [];
  for (const packet of packets) {
    const step = detectGatewayMoved(state, { packet, policy, devAddr: null });
    state = step.state;
    alerts.push(...step.alerts);
    expect(step.cleared).toEqual([]);
  }
  return { state, alerts };
}

const moves = (alerts: AlertDraft[]) =>
  alerts.map((alert) => [
    alert.parameters.old_latitude,
    alert.parameters.old_longitude,
    alert.parameters.new_latitude,
    alert.parameters.new_longitude,
  ]);

describe('LAF-010 gateway moved', () => {
  it('given the documented gateway position, then a packet 111 m away: an alert', () => {
    const moved = heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude);
    const { alerts, state } = given([heard(0, HOME.latitude, HOME.longitude), moved]);

    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-010', 1, GATEWAY, NORTH_111_M.latitude, NORTH_111_M.longitude),
      code: 'LAF-010',
      createdAt: moved.date,
      gateway: GATEWAY,
      packet: moved,
      parameters: {
        packet_id: moved.id,
        gateway: GATEWAY,
        old_latitude: HOME.latitude,
        old_longitude: HOME.longitude,
        new_latitude: NORTH_111_M.latitude,
        new_longitude: NORTH_111_M.longitude,
        distance: 111,
      },
    });
    expect(state).toMatchObject({ ...NORTH_111_M, packetId: moved.id });
  });

  it('given GPS jitter under the accuracy, then no alert, and the known position does not wander', () => {
    const jitter = [0.0001, -0.0002, 0.00015, -0.0001, 0.0002].map((d, i) =>
      heard(i * 60, HOME.latitude + d, HOME.longitude - d),
    );
    const { alerts, state } = given([heard(-60, HOME.latitude, HOME.longitude), ...jitter]);
    expect(alerts).toEqual([]);
    expect(state).toMatchObject(HOME);
  });

  it('given a gateway carried away in small steps, then one alert once it is far enough', () => {
    const steps = [1, 2, 3, 4, 5, 6].map((i) => heard(i * 60, HOME.latitude + i * 0.0001, HOME.longitude));
    const { alerts } = given([heard(0, HOME.latitude, HOME.longitude), ...steps]);
    // 0.0005° is about 56 m: the fifth step is the first beyond 50 m.
    expect(alerts.map((alert) => alert.packet.id)).toEqual([steps[4].id]);
  });

  it('given packets at the new position after a move, then the move alerts once', () => {
    const packets = [
      heard(0, HOME.latitude, HOME.longitude),
      heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude),
      heard(120, NORTH_111_M.latitude + 0.0001, NORTH_111_M.longitude),
      heard(180, NORTH_111_M.latitude, NORTH_111_M.longitude),
    ];
    expect(moves(given(packets).alerts)).toEqual([
      [HOME.latitude, HOME.longitude, NORTH_111_M.latitude, NORTH_111_M.longitude],
    ]);
  });

  it('given (0, 0) or missing positions in between, then no alert and the known position is kept', () => {
    const packets = [
      heard(0, HOME.latitude, HOME.longitude),
      heard(60, 0, 0),
      heard(120, null, null),
      heard(180, HOME.latitude, null),
      heard(240, HOME.latitude, HOME.longitude),
    ];
    const { alerts, state } = given(packets);
    expect(alerts).toEqual([]);
    expect(state).toMatchObject({ ...HOME, packetId: packets[0].id });
  });

  it('given (0, 0) first, then a real position, then no alert: (0, 0) is not a place', () => {
    const { alerts, state } = given([heard(0, 0, 0), heard(60, HOME.latitude, HOME.longitude)]);
    expect(alerts).toEqual([]);
    expect(state).toMatchObject(HOME);
  });

  it('given a late packet dated before the move, with the old position, then no alert back', () => {
    const packets = [
      heard(0, HOME.latitude, HOME.longitude),
      heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude),
      heard(59, HOME.latitude, HOME.longitude, { devEui: '0202020202020202' }),
    ];
    expect(given(packets).alerts).toHaveLength(1);
  });

  it('given two device partitions meeting the same move, then the same alert id', () => {
    const home = heard(0, HOME.latitude, HOME.longitude);
    const first = given([home, heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude)]).alerts;
    const second = given([
      home,
      heard(90, NORTH_111_M.latitude, NORTH_111_M.longitude, { devEui: '0202020202020202' }),
    ]).alerts;
    expect(second[0].packet.id).not.toEqual(first[0].packet.id);
    expect(second[0].id).toEqual(first[0].id);
  });

  it('honours location_accuracy from the policy', () => {
    const lenient = new PolicyView(
      ALERT_CODES.map((code): PolicyItem => ({
        alertTypeCode: code,
        enabled: true,
        parameters: code === 'LAF-010' ? { location_accuracy: 200 } : {},
      })),
    );
    const packets = [
      heard(0, HOME.latitude, HOME.longitude),
      heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude),
    ];
    expect(given(packets, lenient).alerts).toEqual([]);
    expect(given(packets).alerts).toHaveLength(1);
  });

  it('given a packet without a gateway, then nothing changes', () => {
    const { state } = given([heard(0, HOME.latitude, HOME.longitude)]);
    const anonymous = heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude, { gateway: null });
    expect(given([anonymous], DEFAULT_POLICY, state)).toEqual({ state, alerts: [] });
  });

  it('given the state of another gateway, then it refuses to mix them', () => {
    const { state } = given([heard(0, HOME.latitude, HOME.longitude)]);
    const elsewhere = heard(60, HOME.latitude, HOME.longitude, { gateway: 'aa555a0000000101' });
    expect(() =>
      detectGatewayMoved(state, { packet: elsewhere, policy: DEFAULT_POLICY, devAddr: null }),
    ).toThrow(/does not belong/);
  });

  it('keeps plain JSON state and is deterministic', () => {
    const packets = [
      heard(0, HOME.latitude, HOME.longitude),
      heard(60, NORTH_111_M.latitude, NORTH_111_M.longitude),
    ];
    const run = given(packets);
    expect(JSON.parse(JSON.stringify(run.state))).toEqual(run.state);
    expect(given(packets)).toEqual(run);
  });
});

import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView } from '@lorawatch/domain/policy';
import { buildDataUp, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { hex, ttnHandshake } from '@lorawatch/lorawan/testing/fixtures';
import { alertId } from '../alert-draft';
import { TTN_DEV_EUI, ttnJoin } from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { initialJoinDetectors, runJoinDetectors } from './join-detectors';
import {
  dataUpAt,
  DEV_ADDR,
  DEV_EUI,
  GW_A,
  GW_B,
  GW_C,
  joinAcceptAt,
  joinRequestAt,
  runFamily,
  T0,
} from './testing/device-frames';

const defaultPolicy = new PolicyView([]);
const RETRY_SECONDS = 120;

/** `count` join requests with fresh DevNonces, one every two minutes from `from` seconds. */
const joinRequests = (count: number, from = 0, firstNonce = 1) =>
  Array.from({ length: count }, (_v, i) => joinRequestAt(from + i * RETRY_SECONDS, firstNonce + i));

function laf404(packets: readonly Packet[], policy = defaultPolicy) {
  const run = runFamily(runJoinDetectors, initialJoinDetectors(), packets, policy);
  const alerts = run.steps.flatMap((s) => s.alerts).filter((a) => a.code === 'LAF-404');
  const cleared = run.steps.flatMap((s) => s.cleared).filter((c) => c.code === 'LAF-404');
  return { alerts, cleared, state: run.state };
}

describe('LAF-404 device failed to join', () => {
  it('given 10 consecutive join requests: no alert (the default policy tolerates 10)', () => {
    expect(laf404(joinRequests(10)).alerts).toEqual([]);
  });

  it('given an 11th consecutive join request: an alert on it, and again on every further one', () => {
    const packets = joinRequests(12);
    const { alerts } = laf404(packets);
    expect(alerts.map((a) => a.packet.id)).toEqual([packets[10].id, packets[11].id]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-404', packets[10].id),
      devEui: DEV_EUI,
      createdAt: packets[10].date,
      parameters: {
        dev_eui: DEV_EUI,
        packet_id: packets[10].id,
        join_requests: 11,
        max_join_request_fails: 10,
      },
    });
  });

  it('given each join request relayed by three gateways: 30 packets are 10 transmissions, the 11th alerts once', () => {
    const heardByThree = (at: number, devNonce: number) => [
      joinRequestAt(at, devNonce, { gateway: GW_A }),
      joinRequestAt(at + 0.4, devNonce, { gateway: GW_B }),
      // A gateway without GPS stamps its copy slightly earlier.
      joinRequestAt(at - 0.6, devNonce, { gateway: GW_C }),
    ];
    const ten = Array.from({ length: 10 }, (_v, i) => heardByThree(i * RETRY_SECONDS, i + 1)).flat();
    expect(laf404(ten).alerts).toEqual([]);

    const eleventh = heardByThree(10 * RETRY_SECONDS, 11);
    const { alerts } = laf404([...ten, ...eleventh]);
    expect(alerts.map((a) => [a.packet.id, a.parameters.join_requests])).toEqual([[eleventh[0].id, 11]]);
  });

  it('given a data uplink of the device in between: the count starts over', () => {
    const packets = [...joinRequests(6), dataUpAt(800, 57), ...joinRequests(10, 900, 20)];
    expect(laf404(packets).alerts).toEqual([]);
    expect(laf404([...packets, joinRequestAt(3000, 99)]).alerts).toHaveLength(1);
  });

  it('given join accepts that the device never takes up: they do not reset the count', () => {
    const packets = [...joinRequests(5), joinAcceptAt(610), ...joinRequests(6, 700, 20)];
    expect(laf404(packets).alerts.map((a) => a.parameters.join_requests)).toEqual([11]);
  });

  it('follows the policy threshold', () => {
    const strict = new PolicyView([
      { alertTypeCode: 'LAF-404', enabled: true, parameters: { max_join_request_fails: 2 } },
    ]);
    expect(laf404(joinRequests(3), strict).alerts.map((a) => a.parameters.join_requests)).toEqual([3]);
  });

  it('given the real TTN device failing 11 times, then its real join and a first uplink: cleared once', () => {
    const ttn = ttnHandshake();
    const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
    const failed = Array.from({ length: 11 }, (_v, i) =>
      packetFromPhy(
        buildJoinRequest({
          appKey: hex(ttn.AppKey),
          joinEui: ttn.join_request.expected.JoinEUI,
          devEui: TTN_DEV_EUI,
          devNonce: 100 + i,
        }),
        { date: secondsAfter(T0, i * RETRY_SECONDS) },
      ),
    );
    const joinAt = 11 * RETRY_SECONDS;
    const uplink = (fCnt: number, at: number) =>
      packetFromPhy(
        buildDataUp({
          nwkSKey: hex(ttn.session_keys.NwkSKey),
          appSKey: hex(ttn.session_keys.AppSKey),
          devAddr: ttn.join_accept.expected.DevAddr,
          fCnt,
          fPort: 1,
          payload: Buffer.from('ok'),
        }),
        { date: secondsAfter(T0, at), devEui: TTN_DEV_EUI, devEuiInferred: true },
      );
    const firstUplink = uplink(0, joinAt + 30);
    const packets = [
      ...failed,
      packetFromPhy(joinRequestPhy, { date: secondsAfter(T0, joinAt) }),
      attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, { date: secondsAfter(T0, joinAt + 5) }),
      firstUplink,
      uplink(1, joinAt + 90),
    ];

    const { alerts, cleared } = laf404(packets);
    expect(alerts.map((a) => a.parameters.join_requests)).toEqual([11, 12]);
    expect(cleared).toEqual([
      {
        id: alertId('cleared', 'LAF-404', firstUplink.id),
        code: 'LAF-404',
        organizationId: 1,
        dataSourceId: 1,
        asset: { type: 'DEVICE', devEui: TTN_DEV_EUI, devAddr: '26012e43' },
        reason: 'device connected',
        packet: firstUplink,
      },
    ]);
  });

  it('given an uplink with a new DevAddr after an alert, even with the join accept unheard: cleared', () => {
    const packets = [dataUpAt(0, 500), ...joinRequests(11, 60), dataUpAt(2000, 0, { devAddr: '26019999' })];
    expect(laf404(packets).cleared.map((c) => c.packet.id)).toEqual([packets[12].id]);
  });

  it('given the device going back to its old session after an alert: the count resets but the issue stays', () => {
    const packets = [dataUpAt(0, 500), ...joinRequests(11, 60), dataUpAt(2000, 501)];
    const { alerts, cleared, state } = laf404(packets);
    expect(alerts).toHaveLength(1);
    expect(cleared).toEqual([]);
    expect(state.failedJoins.consecutive).toBe(0);
    expect(state.failedJoins.devAddrs).toEqual([DEV_ADDR]);
  });

  it('given a device that joins after a few tries, never alerted: nothing to clear', () => {
    const packets = [...joinRequests(3), joinAcceptAt(250), dataUpAt(300, 0)];
    expect(laf404(packets)).toMatchObject({ alerts: [], cleared: [] });
  });
});

import type { AlertDraft } from '@lorawatch/domain/alert';
import { ALERT_CODES } from '@lorawatch/domain/alert-catalogue';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView, type PolicyItem } from '@lorawatch/domain/policy';
import { alertId } from '../alert-draft';
import { runDetection } from '../testing/detection-harness';
import { chirpstackDocJoinRequest, iotroamJoinRequests, policyEnabling } from '../testing/fixture-packets';
import { secondsAfter } from '../testing/packet-factory';

// The documentation frame was heard by gateway 7276ff002e062c18 at this time.
const DOC_GATEWAY = '7276ff002e062c18';
const T0 = '2018-07-26T15:15:58.599497Z';
const OTHER_GW_1 = 'b827ebfffe000001';
const OTHER_GW_2 = 'b827ebfffe000002';
const only003 = policyEnabling('LAF-003');

/** The documentation join request as heard by `gateway`, `seconds` after the original. */
const heard = (gateway: string | null, seconds: number): Packet =>
  chirpstackDocJoinRequest({ gateway, date: secondsAfter(T0, seconds) });

const replays = (alerts: AlertDraft[]) =>
  alerts.map((a) => ({
    packetId: a.packet.id,
    prev: a.parameters.prev_packet_id,
    delay: a.parameters.delay,
  }));

describe('LAF-003 join request replayed', () => {
  const original = chirpstackDocJoinRequest();

  it('given the ChirpStack documentation join request heard twice by its gateway, then an alert', () => {
    const again = heard(DOC_GATEWAY, 2);
    const { alerts } = runDetection([original, again], only003);

    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-003', again.id),
      code: 'LAF-003',
      createdAt: again.date,
      devEui: '0101010101010101',
      gateway: DOC_GATEWAY,
      packet: again,
      prevPacket: original,
      parameters: {
        packet_id: again.id,
        dev_eui: '0101010101010101',
        join_eui: '0101010101010101',
        gateway: DOC_GATEWAY,
        dev_nonce: 5783,
        prev_packet_id: original.id,
        prev_packet_date: '2018-07-26T15:15:58.599497Z',
        delay: 2,
      },
    });
  });

  it('given copies from other gateways within the duplicate delay, then no alert', () => {
    const packets = [original, heard(OTHER_GW_1, 0.4), heard(OTHER_GW_2, -0.2), heard(null, 3)];
    expect(runDetection(packets, only003).alerts).toEqual([]);
  });

  it('given the same bytes from another gateway after the duplicate delay, then an alert', () => {
    const late = heard(OTHER_GW_1, 10.5);
    expect(replays(runDetection([original, late], only003).alerts)).toEqual([
      { packetId: late.id, prev: original.id, delay: 10.5 },
    ]);
  });

  it('given a replay relayed by three gateways, then one alert for the transmission', () => {
    const replay = heard(OTHER_GW_1, 600);
    const packets = [
      original,
      heard(OTHER_GW_2, 0.1),
      replay,
      heard(DOC_GATEWAY, 600.3),
      heard(OTHER_GW_2, 600.5),
    ];
    expect(replays(runDetection(packets, only003).alerts)).toEqual([
      { packetId: replay.id, prev: original.id, delay: 600 },
    ]);
  });

  it('given two replays, then each points at the transmission before it', () => {
    const first = heard(DOC_GATEWAY, 3600);
    const second = heard(DOC_GATEWAY, 7200);
    expect(replays(runDetection([original, first, second], only003).alerts)).toEqual([
      { packetId: first.id, prev: original.id, delay: 3600 },
      { packetId: second.id, prev: first.id, delay: 3600 },
    ]);
  });

  it('given the same network message delivered twice, then no alert', () => {
    expect(runDetection([original, { ...original }], only003).alerts).toEqual([]);
  });

  it('given join requests with fresh DevNonces (real capture), then no alert', () => {
    expect(runDetection(iotroamJoinRequests(), only003).alerts).toEqual([]);
  });

  it('honours max_duplicate_delay from the policy', () => {
    const copy = heard(OTHER_GW_1, 30);
    const patient = new PolicyView(
      ALERT_CODES.map((code): PolicyItem => ({
        alertTypeCode: code,
        enabled: code === 'LAF-003',
        parameters: code === 'LAF-003' ? { max_duplicate_delay: 60 } : {},
      })),
    );
    expect(runDetection([original, copy], patient).alerts).toEqual([]);
    expect(runDetection([original, copy], only003).alerts).toHaveLength(1);
  });

  it('given LAF-003 disabled, then no alert', () => {
    expect(runDetection([original, heard(DOC_GATEWAY, 2)], policyEnabling('LAF-001')).alerts).toEqual([]);
  });
});

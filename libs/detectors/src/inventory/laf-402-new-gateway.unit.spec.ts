import { runDetection } from '../testing/detection-harness';
import { alertId } from '../alert-draft';
import { chirpstackDocJoinRequest, iotroamJoinRequests, policyEnabling } from '../testing/fixture-packets';

const only402 = policyEnabling('LAF-402');

describe('LAF-402 new gateway', () => {
  it('given packets from two gateways, then one alert per gateway', () => {
    const [first, second] = iotroamJoinRequests();
    const doc = chirpstackDocJoinRequest();
    const { alerts, store } = runDetection([first, second, doc], only402);

    expect(alerts.map((a) => [a.gateway, a.packet.id])).toEqual([
      ['00800000a0000825', first.id],
      ['7276ff002e062c18', doc.id],
    ]);
    expect(alerts[1]).toMatchObject({
      id: alertId('LAF-402', 1, '7276ff002e062c18'),
      code: 'LAF-402',
      createdAt: doc.date,
      parameters: { gateway: '7276ff002e062c18', packet_id: doc.id, packet_date: doc.date },
    });
    expect(Object.keys(store.gateways).sort()).toEqual(['1:00800000a0000825', '1:7276ff002e062c18']);
    expect(store.gateways['1:00800000a0000825']).toMatchObject({
      firstPacketId: first.id,
      firstSeenAt: first.date,
      // The capture is out of order: the later of the two dates stays.
      lastSeenAt: first.date,
    });
  });

  it('given a packet without a gateway, then no alert and no gateway state', () => {
    const { alerts, store } = runDetection([chirpstackDocJoinRequest({ gateway: null })], only402);
    expect(alerts).toEqual([]);
    expect(store.gateways).toEqual({});
  });

  it('gives two partitions that both meet the gateway the same alert id', () => {
    const [first, second] = iotroamJoinRequests();
    const inPartitionA = runDetection([first], only402).alerts;
    const inPartitionB = runDetection([second], only402).alerts;
    expect(inPartitionA[0].id).toBe(inPartitionB[0].id);
  });

  it('given the gateway in another data source, then it is new there', () => {
    const alerts = runDetection(
      [chirpstackDocJoinRequest(), chirpstackDocJoinRequest({ dataSourceId: 7 })],
      only402,
    ).alerts;
    expect(alerts.map((a) => a.dataSourceId)).toEqual([1, 7]);
  });

  it('given LAF-402 disabled, then no alert', () => {
    expect(
      runDetection([chirpstackDocJoinRequest()], policyEnabling('LAF-400')).alerts.map((a) => a.code),
    ).toEqual(['LAF-400']);
  });
});

import type { AlertDraft } from '@lorawatch/domain/alert';
import { PolicyView } from '@lorawatch/domain/policy';
import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import { alertId } from '../alert-draft';
import { runDetection } from '../testing/detection-harness';
import {
  chirpstackDocJoinRequest,
  iotroamJoinRequests,
  policyEnabling,
  TTN_DEV_EUI,
  ttnJoin,
} from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy } from '../testing/packet-factory';

const only400 = policyEnabling('LAF-400');
const newDevices = (alerts: AlertDraft[]) => alerts.map((a) => [a.devEui, a.parameters.number_of_devices]);

const dataUp = buildDataUp({
  nwkSKey: Buffer.alloc(16, 1),
  appSKey: Buffer.alloc(16, 2),
  devAddr: '26012e43',
  fCnt: 1,
  fPort: 1,
  payload: Buffer.from('hi'),
});

describe('LAF-400 new device', () => {
  it('given the first packets of two devices, then one alert each with the running device count', () => {
    const [first, second] = iotroamJoinRequests();
    const packets = [first, second, chirpstackDocJoinRequest(), packetFromPhy(ttnJoin().joinRequestPhy)];
    const { alerts, store } = runDetection(packets, only400);

    expect(newDevices(alerts)).toEqual([
      ['008000000000addb', 1],
      ['0101010101010101', 2],
      [TTN_DEV_EUI, 3],
    ]);
    expect(alerts[0]).toMatchObject({
      id: alertId('LAF-400', 1, '008000000000addb'),
      packet: first,
      parameters: { packet_id: first.id, dev_eui: '008000000000addb', number_of_devices: 1 },
    });
    expect(store.dataSources['1'].knownDevices).toBe(3);
  });

  it('given a device already seen, then it never fires again, even on a later attributed join accept', () => {
    const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
    const packets = [
      packetFromPhy(joinRequestPhy),
      attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, { date: '2024-03-01T12:00:05.000Z' }),
      packetFromPhy(joinRequestPhy, { date: '2024-03-02T12:00:00.000Z' }),
    ];
    expect(newDevices(runDetection(packets, only400).alerts)).toEqual([[TTN_DEV_EUI, 1]]);
  });

  it('given a data frame known only by its DevAddr, then no alert', () => {
    expect(runDetection([packetFromPhy(dataUp)], only400).alerts).toEqual([]);
  });

  it('given a data frame whose DevEUI the collector attributed, then the device is new', () => {
    const packet = packetFromPhy(dataUp, { devEui: TTN_DEV_EUI, devEuiInferred: true });
    expect(newDevices(runDetection([packet], only400).alerts)).toEqual([[TTN_DEV_EUI, 1]]);
  });

  it('given the same DevEUI in another data source, then it is new there (and gets another id)', () => {
    const inOne = chirpstackDocJoinRequest();
    const inTwo = chirpstackDocJoinRequest({ dataSourceId: 2 });
    const alerts = runDetection([inOne, inTwo], only400).alerts;
    expect(alerts.map((a) => [a.dataSourceId, a.parameters.number_of_devices])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(alerts[0].id).not.toBe(alerts[1].id);
  });

  it('gives the same id whichever packet of the device comes first (partitions agree)', () => {
    const [first, second] = iotroamJoinRequests();
    expect(runDetection([first], only400).alerts[0].id).toBe(runDetection([second], only400).alerts[0].id);
  });

  it('given LAF-400 disabled, then no alert, but the device still counts as known', () => {
    const disabled = new PolicyView([{ alertTypeCode: 'LAF-400', enabled: false, parameters: {} }]);
    const first = runDetection([chirpstackDocJoinRequest()], disabled);
    expect(first.alerts.map((a) => a.code)).not.toContain('LAF-400');
    const later = chirpstackDocJoinRequest({ date: '2024-01-01T00:00:00.000Z' });
    expect(runDetection([later], only400, first.store).alerts).toEqual([]);
    expect(
      newDevices(runDetection([packetFromPhy(ttnJoin().joinRequestPhy)], only400, first.store).alerts),
    ).toEqual([[TTN_DEV_EUI, 2]]);
  });
});

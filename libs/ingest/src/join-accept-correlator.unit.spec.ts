import { EventClock } from './event-clock';
import { JoinAcceptCorrelator } from './join-accept-correlator';
import { testPacket } from './testing/packet-fixture';

const GATEWAY = 'aa00000000000001';
const OTHER_GATEWAY = 'aa00000000000002';

function at(seconds: number): string {
  return new Date(Date.UTC(2024, 4, 1, 12, 0, 0) + seconds * 1000).toISOString();
}

function joinRequest(devEui: string, seconds: number, gateway = GATEWAY) {
  return testPacket({
    mType: 'JoinRequest',
    direction: 'up',
    devEui,
    gateway,
    receivedAt: at(seconds),
    date: at(seconds),
  });
}

function joinAccept(seconds: number, gateway = GATEWAY) {
  return testPacket({
    mType: 'JoinAccept',
    direction: 'down',
    size: 17,
    gateway,
    receivedAt: at(seconds),
    date: at(seconds),
  });
}

describe('JoinAcceptCorrelator', () => {
  it('attributes a join accept to the join request its gateway heard within 10 s', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('0102030405060708', 0));
    expect(correlator.observe(joinAccept(5))).toMatchObject({
      devEui: '0102030405060708',
      devEuiInferred: true,
    });
    expect(correlator.pendingCount()).toBe(0);
  });

  it('takes the newest pending join request, and drops it once matched', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('00000000000000aa', 0));
    correlator.observe(joinRequest('00000000000000bb', 1));
    expect(correlator.observe(joinAccept(5)).devEui).toBe('00000000000000bb');
    expect(correlator.observe(joinAccept(6)).devEui).toBe('00000000000000aa');
    expect(correlator.observe(joinAccept(7)).devEui).toBeNull();
  });

  it('forgets the retries of a device once one of its joins was answered', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('00000000000000aa', 0));
    correlator.observe(joinRequest('00000000000000aa', 3));
    expect(correlator.observe(joinAccept(5)).devEui).toBe('00000000000000aa');
    expect(correlator.observe(joinAccept(6)).devEui).toBeNull();
  });

  it('does not attribute across gateways', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('0102030405060708', 0, OTHER_GATEWAY));
    expect(correlator.observe(joinAccept(2))).toMatchObject({ devEui: null, devEuiInferred: false });
  });

  it('does not attribute after the window, nor to a join request that came later', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('0102030405060708', 0));
    expect(correlator.observe(joinAccept(10.001)).devEui).toBeNull();
    expect(correlator.pendingCount()).toBe(0);

    correlator.observe(joinRequest('0102030405060708', 20));
    expect(correlator.observe(joinAccept(19)).devEui).toBeNull();
  });

  it('accepts exactly 10 s', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('0102030405060708', 0));
    expect(correlator.observe(joinAccept(10)).devEui).toBe('0102030405060708');
  });

  it('reads a gateway clock that is off on both frames alike: the event clock dates the accept on its timeline', () => {
    const correlator = new JoinAcceptCorrelator();
    const clock = new EventClock();
    const late = '2019-01-01T00:00:00.000Z';
    const request = { ...joinRequest('0102030405060708', 0), date: late, dateFrom: 'gateway' as const };
    correlator.observe(clock.observe(request));
    const accept = clock.observe({ ...joinAccept(3), dateFrom: 'collector' });
    expect(accept).toMatchObject({ date: '2019-01-01T00:00:03.000Z', dateFrom: 'stream' });
    expect(correlator.observe(accept).devEui).toBe('0102030405060708');
  });

  it('keeps the seconds between a request and an accept read in one backlog', () => {
    const correlator = new JoinAcceptCorrelator();
    // Both read at the same instant, hours after the network sent them, 12 s apart on the gateway's clock.
    const backlog = at(7200);
    correlator.observe({ ...joinRequest('0102030405060708', 0), receivedAt: backlog });
    const accept = { ...joinAccept(12), receivedAt: backlog };
    expect(correlator.observe(accept).devEui).toBeNull();
  });

  it('leaves every other packet as it is', () => {
    const correlator = new JoinAcceptCorrelator();
    correlator.observe(joinRequest('0102030405060708', 0));
    const uplink = testPacket({ mType: 'UnconfirmedDataUp', devAddr: '26012e43', receivedAt: at(1) });
    expect(correlator.observe(uplink)).toBe(uplink);
    const heardUp = { ...joinAccept(2), direction: 'up' as const };
    expect(correlator.observe(heardUp)).toBe(heardUp);
    expect(correlator.pendingCount()).toBe(1);
  });
});

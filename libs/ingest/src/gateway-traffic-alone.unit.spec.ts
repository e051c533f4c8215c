import type { AlertDraft } from '@lorawatch/domain/alert';
import { PolicyView, defaultPolicyItems } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import type { AttackKind } from '@lorawatch/simulator/attack-kinds';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { DeviceAddressBook, LIMITED_ATTRIBUTION } from './application/device-address-book';
import { createChirpstackV3Parser } from './chirpstack-v3/chirpstack-v3-parser';
import { JoinAcceptCorrelator } from './join-accept-correlator';

const DAY = 86_400_000;

interface Run {
  alerts: AlertDraft[];
  book: DeviceAddressBook;
  devices: number;
}

/**
 * Join accepts teach the DevAddr: on gateway traffic alone (no application events, as every TTN v3 source), the
 * first uplink of a session is paired with the join accept before it, so one device keeps one state and the
 * per-device detectors say what they say with application events.
 */
function detectOver(days: number, applicationEvents: boolean, attacks: AttackKind[] = []): Run {
  const simulator = new NetworkSimulator({
    devices: 4,
    gateways: 2,
    seed: 7,
    uplinkPeriodSeconds: 1800,
    rejoinPeriodSeconds: 86_400,
    attacks,
    attackIntervalSeconds: 2 * 86_400,
    applicationEvents,
  });
  const book = new DeviceAddressBook();
  const parse = createChirpstackV3Parser(new JoinAcceptCorrelator(), book);
  const end = simulator.startTime.getTime() + days * DAY;
  const packets = [];
  for (;;) {
    const messages = simulator.next().filter((message) => !message.retain);
    if (messages.length > 0 && messages[0].at.getTime() > end) break;
    for (const message of messages) {
      const outcome = parse(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  const run = runDetection(packets, new PolicyView(defaultPolicyItems()));
  return { alerts: run.alerts, book, devices: Object.keys(run.store.devices).length };
}

const codes = (alerts: AlertDraft[]) => [...new Set(alerts.map((alert) => alert.code))].sort();

describe('gateway traffic alone', () => {
  describe('11 days of daily rejoins', () => {
    const alone = detectOver(11, false);
    const withEvents = detectOver(11, true);

    it('pairs the rejoins with their sessions and raises no LAF-404', () => {
      expect(codes(alone.alerts)).not.toContain('LAF-404');
      // 4 devices joining daily for 11 days: sessions of devices that joined within the same hour may stay unpaired.
      expect(alone.book.coverage().fromJoinAccepts).toBeGreaterThanOrEqual(30);
      expect(withEvents.devices).toBe(4);
    });

    it('raises the same kinds of alerts as with application events', () => {
      expect(codes(alone.alerts)).toEqual(codes(withEvents.alerts));
    });
  });

  it('reports an OTAA counter wrap as LAF-011, not LAF-006, as with application events', () => {
    const alone = detectOver(9, false, ['counter-wrap']);
    const withEvents = detectOver(9, true, ['counter-wrap']);
    expect(codes(withEvents.alerts)).toContain('LAF-011');
    expect(codes(alone.alerts)).toContain('LAF-011');
    expect(codes(alone.alerts)).not.toContain('LAF-006');
    expect(codes(alone.alerts)).toEqual(codes(withEvents.alerts));
  });

  it('says so when sessions cannot be paired with a join accept', () => {
    const book = new DeviceAddressBook();
    const parse = createChirpstackV3Parser(new JoinAcceptCorrelator(), book);
    // Data frames of sessions whose joins were never heard.
    const simulator = new NetworkSimulator({ devices: 3, gateways: 1, seed: 3, uplinkPeriodSeconds: 600 });
    let joinsSkipped = 0;
    while (book.coverage().unattributedSessions === 0 && joinsSkipped < 10_000) {
      for (const message of simulator.next()) {
        if (message.retain || message.kind === 'downlink') continue;
        parse(message.topic, message.payload, {
          dataSourceId: 1,
          organizationId: 1,
          receivedAt: message.at.toISOString(),
        });
        joinsSkipped += 1;
      }
    }
    expect(book.limitation()).toBe(LIMITED_ATTRIBUTION);
  });
});

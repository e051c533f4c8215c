import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { ResolutionReason, type IssueClosed } from '@lorawatch/domain/issue.events';
import { secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import { alertOn, clearedOn, joinRequest, uplink, type TestDevice } from '../testing/issue-scenario';
import {
  cataloguePolicy,
  decide,
  evolve,
  type TrackerInput,
  type TrackerIntent,
  type TrackerPolicy,
} from './issue-tracker.decider';
import { trackerState, type TrackerState } from './tracker-state';

const T0 = '2024-05-01T10:00:00.000Z';
const A: TestDevice = { devEui: '0004a30b001c0530', devAddr: '26011234' };
const B: TestDevice = { devEui: '0004a30b001c0531', devAddr: '26015678' };

/**
 * given(inputs) runs the decider the way the IssueTracker does, with an in-memory event store that numbers streams
 * and positions; when(input) answers what the tracker would append for it.
 */
function given(inputs: TrackerInput[], policy: TrackerPolicy = cataloguePolicy) {
  let state: TrackerState = trackerState([]);
  let position = 0;
  const revisions = new Map<string, number>();
  const apply = (input: TrackerInput): TrackerIntent[] => {
    const intents = decide(state, input, policy);
    for (const intent of intents) {
      const stream =
        intent.kind === 'open'
          ? intent.opened.issueId
          : intent.kind === 'recur'
            ? intent.recurred.issueId
            : intent.kind === 'close'
              ? intent.closed.issueId
              : null;
      let outcome = null;
      if (stream && (intent.kind === 'open' || intent.kind === 'recur' || intent.kind === 'close')) {
        const revision = (revisions.get(stream) ?? -1) + 1;
        revisions.set(stream, revision);
        outcome = { revision, position: ++position };
      }
      state = evolve(state, intent, outcome);
    }
    return intents;
  };
  const history = inputs.map(apply);
  return {
    history,
    when: (input: TrackerInput) => apply(input),
    state: () => state,
  };
}

const raised = (alert: ReturnType<typeof alertOn>): TrackerInput => ({ type: 'AlertRaised', alert });
const tick = (at: string, watermarks: Record<number, string> = {}): TrackerInput => ({
  type: 'Tick',
  at,
  watermarks,
});
const closedBy = (intent: TrackerIntent | undefined): TrackerInput => {
  if (intent?.kind !== 'close') throw new Error(`expected a close, got ${intent?.kind}`);
  return { type: 'IssueClosed', closed: intent.closed };
};

describe('issue tracker: opening and recurrence', () => {
  it('given nothing, when an issue-type alert is raised, then an issue opens with it', () => {
    const alert = alertOn('LAF-100', uplink(A, T0, 10));
    expect(given([]).when(raised(alert))).toEqual([
      {
        kind: 'open',
        alert,
        keys: ['1:1:eui:0004a30b001c0530', '1:1:addr:26011234'],
        opened: {
          issueId: alert.id,
          alertId: alert.id,
          code: 'LAF-100',
          organizationId: 1,
          dataSourceId: 1,
          asset: { type: 'DEVICE', devEui: A.devEui, devAddr: A.devAddr, gateway: '7276ff002e062c18' },
          since: T0,
        },
      },
    ]);
  });

  it('given an open issue, when the same type recurs for the device, then it is a hidden recurrence', () => {
    const first = alertOn('LAF-100', uplink(A, T0, 10));
    const again = alertOn('LAF-100', uplink(A, secondsAfter(T0, 60), 11));
    expect(given([raised(first)]).when(raised(again))).toEqual([
      {
        kind: 'recur',
        expectedRevision: 0,
        recurred: { issueId: first.id, alertId: again.id, code: 'LAF-100', checkedAt: again.createdAt },
      },
    ]);
  });

  it('keeps issues apart per device, per type and per data source', () => {
    const scenario = given([raised(alertOn('LAF-100', uplink(A, T0, 10)))]);
    const otherDevice = scenario.when(raised(alertOn('LAF-100', uplink(B, T0, 10))));
    const otherType = scenario.when(raised(alertOn('LAF-102', uplink(A, T0, 10))));
    const otherSource = scenario.when(raised(alertOn('LAF-100', uplink(A, T0, 10, { dataSourceId: 2 }))));
    expect([otherDevice, otherType, otherSource].map((intents) => intents.map((i) => i.kind))).toEqual([
      ['open'],
      ['open'],
      ['open'],
    ]);
  });

  it('ignores alert types that are not issues', () => {
    const packet = joinRequest(A.devEui!, 7, T0);
    for (const code of ['LAF-001', 'LAF-003', 'LAF-400', 'LAF-402', 'LAF-503', 'LAF-600', 'LAF-601'] as const)
      expect(given([]).when(raised(alertOn(code, packet)))).toEqual([]);
  });

  it('keys gateway types by the gateway, whichever device the frame came from', () => {
    const scenario = given([raised(alertOn('LAF-010', uplink(A, T0, 1)))]);
    expect(scenario.when(raised(alertOn('LAF-010', uplink(B, secondsAfter(T0, 5), 1))))[0].kind).toBe(
      'recur',
    );
    const elsewhere = alertOn('LAF-010', uplink(A, secondsAfter(T0, 9), 2, { gateway: '00800000a0000825' }));
    expect(scenario.when(raised(elsewhere))[0].kind).toBe('open');
  });

  it('finds an issue opened under the DevAddr once the DevEUI is known', () => {
    const anonymous = alertOn('LAF-102', uplink({ devEui: null, devAddr: A.devAddr }, T0, 5));
    const scenario = given([raised(anonymous)]);
    const later = scenario.when(raised(alertOn('LAF-102', uplink(A, secondsAfter(T0, 60), 6))));
    expect(later).toMatchObject([{ kind: 'recur', recurred: { issueId: anonymous.id } }]);
  });

  it('lets an open LAF-404 hide LAF-501 without refreshing it, but not the other way round', () => {
    const failed = alertOn('LAF-404', joinRequest(A.devEui!, 1, T0));
    const scenario = given([raised(failed)]);
    const anomaly = alertOn('LAF-501', joinRequest(A.devEui!, 2, secondsAfter(T0, 3000)));
    expect(scenario.when(raised(anomaly))).toMatchObject([
      { kind: 'recur', recurred: { issueId: failed.id, code: 'LAF-501' } },
    ]);
    expect(scenario.state().issues[failed.id].lastChecked).toBe(T0);

    const reverse = given([raised(alertOn('LAF-501', joinRequest(B.devEui!, 1, T0)))]);
    expect(reverse.when(raised(alertOn('LAF-404', joinRequest(B.devEui!, 2, T0))))[0].kind).toBe('open');
  });

  it('prefers an open LAF-501 over an open LAF-404 for a LAF-501', () => {
    const own = alertOn('LAF-501', joinRequest(A.devEui!, 1, T0));
    const scenario = given([raised(own), raised(alertOn('LAF-404', joinRequest(A.devEui!, 2, T0)))]);
    expect(scenario.history.map(([intent]) => intent.kind)).toEqual(['open', 'open']);
    const again = alertOn('LAF-501', joinRequest(A.devEui!, 3, secondsAfter(T0, 10)));
    expect(scenario.when(raised(again))).toMatchObject([{ kind: 'recur', recurred: { issueId: own.id } }]);
  });
});

describe('issue tracker: condition cleared', () => {
  const failed = alertOn('LAF-404', joinRequest(A.devEui!, 1, T0));
  const joined = uplink(A, secondsAfter(T0, 600), 0);

  it('given an open issue, when its condition clears, then it closes as CORRECT and LAF-600 says why', () => {
    const scenario = given([raised(failed)]);
    const close = scenario.when({
      type: 'IssueConditionCleared',
      clearance: clearedOn('LAF-404', joined, 'device connected'),
    });
    expect(close).toEqual([
      {
        kind: 'close',
        expectedRevision: 0,
        closed: {
          issueId: failed.id,
          alertId: failed.id,
          code: 'LAF-404',
          reason: ResolutionReason.CORRECT,
          comment: 'device connected',
          resolvedAt: joined.date,
          resolvedBy: null,
          evidence: joined,
        },
      },
    ]);
    const [forget, raise] = scenario.when(closedBy(close[0]));
    expect(forget).toEqual({ kind: 'forget', issueId: failed.id });
    expect(raise).toMatchObject({
      kind: 'raise',
      alert: {
        code: 'LAF-600',
        createdAt: joined.date,
        devEui: A.devEui,
        packet: joined,
        parameters: {
          alert_solved_type: 'LAF-404',
          alert_solved: alertTypeByCode('LAF-404').name,
          resolution_reason: 'device connected',
          dev_eui: A.devEui,
          packet_id: joined.id,
          date: joined.date,
        },
      },
    });
    expect(scenario.state().issues).toEqual({});
    // Once closed, the same condition opens a new issue.
    const relapse = alertOn('LAF-404', joinRequest(A.devEui!, 9, secondsAfter(T0, 900)));
    expect(scenario.when(raised(relapse))[0].kind).toBe('open');
  });

  it('does not close another type or another device', () => {
    const scenario = given([raised(failed)]);
    expect(
      scenario.when({ type: 'IssueConditionCleared', clearance: clearedOn('LAF-401', joined, 'back') }),
    ).toEqual([]);
    expect(
      scenario.when({
        type: 'IssueConditionCleared',
        clearance: clearedOn('LAF-404', uplink(B, joined.date, 0), 'device connected'),
      }),
    ).toEqual([]);
  });
});

describe('issue tracker: timeout', () => {
  const weak = alertOn('LAF-100', uplink(A, T0, 10), { rssi: -130 });

  it('closes an issue once its timeout passed without recurrence, and LAF-600 clones the alert', () => {
    const scenario = given([raised(weak)]);
    expect(scenario.when(tick(secondsAfter(T0, 3600)))).toEqual([]);
    const at = secondsAfter(T0, 3601);
    const close = scenario.when(tick(at));
    expect(close).toMatchObject([
      {
        kind: 'close',
        closed: { reason: ResolutionReason.TIMEOUT, comment: 'alert timed out', resolvedAt: at },
      },
    ]);
    // The close is pending until its event comes back: a second tick does not close it twice.
    expect(scenario.when(tick(secondsAfter(at, 60)))).toEqual([]);
    const [, raise] = scenario.when(closedBy(close[0]));
    expect(raise).toMatchObject({
      kind: 'raise',
      alert: {
        code: 'LAF-600',
        createdAt: at,
        devEui: A.devEui,
        devAddr: A.devAddr,
        packet: weak.packet,
        parameters: {
          ...weak.parameters,
          packet_data: null,
          alert_solved_type: 'LAF-100',
          alert_solved: alertTypeByCode('LAF-100').name,
          resolution_reason: 'the alert did not come back for 1 hour after it was last seen',
        },
      },
    });
  });

  it('counts from the last recurrence', () => {
    const scenario = given([raised(weak), raised(alertOn('LAF-100', uplink(A, secondsAfter(T0, 1800), 11)))]);
    expect(scenario.when(tick(secondsAfter(T0, 3601)))).toEqual([]);
    expect(scenario.when(tick(secondsAfter(T0, 1800 + 3601)))[0].kind).toBe('close');
  });

  it('times out gateway issues too', () => {
    const policy: TrackerPolicy = {
      timeoutSeconds: (code) => (code === 'LAF-010' ? 600 : cataloguePolicy.timeoutSeconds(code)),
    };
    const moved = alertOn('LAF-010', uplink(A, T0, 1));
    const scenario = given([raised(moved)], policy);
    const close = scenario.when(tick(secondsAfter(T0, 601)));
    expect(close).toMatchObject([{ kind: 'close', closed: { issueId: moved.id, reason: 2 } }]);
    const [, raise] = scenario.when(closedBy(close[0]));
    expect(raise).toMatchObject({
      alert: { code: 'LAF-600', gateway: moved.gateway, parameters: { alert_solved_type: 'LAF-010' } },
    });
  });

  it("counts on the data source's watermark, not the wall clock, when the detectors have one", () => {
    const scenario = given([raised(weak)]);
    const dataSourceId = weak.dataSourceId;
    // A backlog: the wall clock is a day later, but the data source's events have only reached T0 + 30 min.
    const wallClock = secondsAfter(T0, 86400);
    expect(scenario.when(tick(wallClock, { [dataSourceId]: secondsAfter(T0, 1800) }))).toEqual([]);
    const watermark = secondsAfter(T0, 3601);
    expect(scenario.when(tick(wallClock, { [dataSourceId]: watermark }))).toMatchObject([
      { kind: 'close', closed: { reason: ResolutionReason.TIMEOUT, resolvedAt: watermark } },
    ]);
  });

  it('leaves the issues of a data source without a watermark open when the tick names no instant', () => {
    const scenario = given([raised(weak)]);
    const input: TrackerInput = { type: 'Tick', at: null, watermarks: {} };
    expect(scenario.when(input)).toEqual([]);
  });

  it('never times out a type whose timeout is 0', () => {
    const found = alertOn('LAF-009', joinRequest(A.devEui!, 1, T0));
    const moved = alertOn('LAF-010', uplink(B, T0, 1));
    const scenario = given([raised(found), raised(moved)]);
    expect(scenario.when(tick(secondsAfter(T0, 10 * 365 * 86400)))).toEqual([]);
  });
});

describe('issue tracker: manual close', () => {
  it('raises LAF-601 naming the user when a user closed the issue', () => {
    const weak = alertOn('LAF-100', uplink(A, T0, 10));
    const scenario = given([raised(weak)]);
    const closed: IssueClosed = {
      issueId: weak.id,
      alertId: weak.id,
      code: 'LAF-100',
      reason: ResolutionReason.MANUAL,
      comment: 'antenna replaced',
      resolvedAt: secondsAfter(T0, 100),
      resolvedBy: { userId: 7, username: 'ana', fullName: 'Ana Operator' },
      evidence: null,
    };
    const [, raise] = scenario.when({ type: 'IssueClosed', closed });
    expect(raise).toMatchObject({
      kind: 'raise',
      alert: {
        code: 'LAF-601',
        createdAt: closed.resolvedAt,
        devEui: A.devEui,
        parameters: {
          user_id: 7,
          user_name: 'Ana Operator',
          resolution_comment: 'antenna replaced',
          packet_id: weak.packet.id,
          packet_data: null,
          alert_solved_type: 'LAF-100',
        },
      },
    });
    expect(scenario.state().issues).toEqual({});
  });

  it('gives the same appends for the same history, so a re-run adds nothing new', () => {
    const inputs = [
      raised(alertOn('LAF-100', uplink(A, T0, 10))),
      raised(alertOn('LAF-100', uplink(A, secondsAfter(T0, 30), 11))),
      tick(secondsAfter(T0, 30 + 3601)),
    ];
    expect(given(inputs).history).toEqual(given(inputs).history);
  });
});

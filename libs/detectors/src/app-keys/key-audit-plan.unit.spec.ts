import { randomBytes } from 'node:crypto';
import type { Packet } from '@lorawatch/domain/packet';
import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { hex } from '@lorawatch/lorawan/testing/fixtures';
import { policyEnabling } from '../testing/fixture-packets';
import { attributedJoinAccept, packetFromPhy, secondsAfter } from '../testing/packet-factory';
import { auditJoinKeys, planKeyAudit } from './audit-join-keys';
import { isKeyAuditPacket, isWellFormedJoinRequest, keyAuditDeviceId } from './key-audit-packets';
import type { KeyAuditInput, KeyAuditPlan, PendingKeySearch } from './key-audit-plan';
import { initialKeyAuditState, type KeyAuditState } from './key-audit-state';
import { runKeySearch, type KeySearchTask } from './key-search';
import { applyKeySearch } from './laf-008-app-key-recovered';
import { KEY_MODIFIED_REASON } from './laf-009-app-key-guessed';

const T0 = '2024-03-01T08:00:00.000Z';
const JOIN_EUI = '70b3d57ed0000001';
const DEV_EUI = '70b3d54990000001';
const WEAK_KEY = (JOIN_EUI + DEV_EUI).toUpperCase();
const policy = policyEnabling('LAF-008', 'LAF-009');
const randomKey = () => randomBytes(16).toString('hex').toUpperCase();

function joinRequest(appKey: string, devNonce: number, at: number): Packet {
  const phy = buildJoinRequest({ appKey: hex(appKey), joinEui: JOIN_EUI, devEui: DEV_EUI, devNonce });
  return packetFromPhy(phy, { date: secondsAfter(T0, at) });
}

const input = (packet: Packet, organizationKeys: readonly string[] = []): KeyAuditInput => ({
  packet,
  policy,
  devAddr: null,
  organizationKeys,
});

function searchOf(plan: KeyAuditPlan): PendingKeySearch {
  if (plan.kind !== 'search') throw new Error(`expected a search, got ${JSON.stringify(plan)}`);
  return plan.search;
}

/** What a worker thread does with the task: it only ever sees the task's JSON. */
const searchElsewhere = (task: KeySearchTask) =>
  runKeySearch(JSON.parse(JSON.stringify(task)) as KeySearchTask);

/** The split run as the key-audit runner runs it: plan, search on the task alone, apply. */
function auditInSteps(state: KeyAuditState, auditInput: KeyAuditInput) {
  const plan = planKeyAudit(state, auditInput);
  if (plan.kind === 'decided') return plan.step;
  return applyKeySearch(plan.search, searchElsewhere(plan.search.task).hit);
}

describe('the AppKey audit split into a plan, a search and its application', () => {
  it('given a first join request, then a full search described as plain data, with the organisation keys first', () => {
    const packet = joinRequest(WEAK_KEY, 1, 0);
    const orgKeys = [randomKey()];
    const search = searchOf(planKeyAudit(initialKeyAuditState(), input(packet, orgKeys)));
    expect(search.task).toEqual({ frame: packet.data, organizationKeys: orgKeys, scope: 'all' });
    expect(JSON.parse(JSON.stringify(search.task))).toEqual(search.task);
    expect(search.searched.lastFullSearch).toEqual({ packetId: packet.id, date: packet.date });
    expect(search.searched.lastJoinRequest).toEqual({ packetId: packet.id, devNonce: 1, date: packet.date });
    expect(search.cleared).toEqual([]);
  });

  it('given the search result, then LAF-008 with the key and its family, the same step as the whole audit', () => {
    const packet = joinRequest(WEAK_KEY, 1, 0);
    const search = searchOf(planKeyAudit(initialKeyAuditState(), input(packet)));
    const result = searchElsewhere(search.task);
    expect(result.hit).toEqual({ appKey: WEAK_KEY, family: 'eui-concatenations' });
    const step = applyKeySearch(search, result.hit);
    expect(step).toEqual(auditJoinKeys(initialKeyAuditState(), input(packet)));
    expect(step.alerts.map((a) => [a.code, a.parameters.app_key, a.parameters.key_source])).toEqual([
      ['LAF-008', WEAK_KEY, 'eui-concatenations'],
    ]);
    expect(step.state.recovered).toMatchObject({ appKey: WEAK_KEY, confirmed: false, joinRequest: packet });
  });

  it('given no hit, then the searched state and nothing else', () => {
    const packet = joinRequest(randomKey(), 1, 0);
    const search = searchOf(planKeyAudit(initialKeyAuditState(), input(packet)));
    expect(applyKeySearch(search, null)).toEqual({ state: search.searched, alerts: [], cleared: [] });
  });

  it('given a join request the same day with the same organisation keys, then no search', () => {
    const key = randomKey();
    const first = auditInSteps(initialKeyAuditState(), input(joinRequest(key, 1, 0)));
    const plan = planKeyAudit(first.state, input(joinRequest(key, 2, 3600)));
    expect(plan.kind).toBe('decided');
  });

  it('given a changed organisation key list the same day, then a search of the organisation keys only', () => {
    const key = randomKey();
    const first = auditInSteps(initialKeyAuditState(), input(joinRequest(key, 1, 0)));
    const search = searchOf(planKeyAudit(first.state, input(joinRequest(key, 2, 60), [key])));
    expect(search.task.scope).toBe('organization');
    const result = searchElsewhere(search.task);
    expect(result).toEqual({ hit: { appKey: key, family: 'organization' }, trials: 1 });
    expect(applyKeySearch(search, result.hit).alerts.map((a) => a.code)).toEqual(['LAF-008']);
  });

  it('given a recovered key that verifies a new DevNonce or a join accept, then LAF-009 is decided without a search', () => {
    const recovered = auditInSteps(initialKeyAuditState(), input(joinRequest(WEAK_KEY, 1, 0))).state;
    const again = planKeyAudit(recovered, input(joinRequest(WEAK_KEY, 2, 60)));
    expect(again.kind === 'decided' && again.step.alerts.map((a) => a.code)).toEqual(['LAF-009']);
    const accept = attributedJoinAccept(
      buildJoinAccept({ appKey: hex(WEAK_KEY), joinNonce: 1, netId: '000013', devAddr: '26011234' }),
      DEV_EUI,
      { date: secondsAfter(T0, 5) },
    );
    const confirmed = planKeyAudit(recovered, input(accept));
    expect(confirmed.kind === 'decided' && confirmed.step.alerts.map((a) => a.code)).toEqual(['LAF-009']);
  });

  it('given a confirmed key that stops matching, then the clearance rides along with a new full search', () => {
    const confirmed = [joinRequest(WEAK_KEY, 1, 0), joinRequest(WEAK_KEY, 2, 60)].reduce(
      (state, packet) => auditInSteps(state, input(packet)).state,
      initialKeyAuditState(),
    );
    const rekeyed = joinRequest(randomKey(), 3, 120);
    const search = searchOf(planKeyAudit(confirmed, input(rekeyed)));
    expect(search.task.scope).toBe('all');
    expect(search.cleared).toEqual([
      expect.objectContaining({ code: 'LAF-009', reason: KEY_MODIFIED_REASON, packet: rekeyed }),
    ]);
    const step = applyKeySearch(search, null);
    expect(step.cleared).toEqual(search.cleared);
    expect(step.state.recovered).toBeNull();
  });

  it('given malformed join requests, then nothing to search and nothing queued', () => {
    const good = joinRequest(WEAK_KEY, 1, 0);
    const frame = Buffer.from(good.data, 'base64');
    const malformed: Packet[] = [
      { ...good, data: frame.subarray(0, 22).toString('base64') },
      { ...good, data: Buffer.concat([frame, Buffer.from([0])]).toString('base64') },
      { ...good, data: Buffer.from([0x40, ...frame.subarray(1)]).toString('base64') }, // MHDR of a data frame
      { ...good, devEui: null },
      { ...good, devNonce: null },
    ];
    for (const packet of malformed) {
      expect(isWellFormedJoinRequest(packet)).toBe(false);
      expect(isKeyAuditPacket(packet)).toBe(false);
      expect(planKeyAudit(initialKeyAuditState(), input(packet))).toEqual({
        kind: 'decided',
        step: { state: initialKeyAuditState(), alerts: [], cleared: [] },
      });
    }
    expect(isKeyAuditPacket(good)).toBe(true);
    expect(keyAuditDeviceId(good)).toBe(`1:${DEV_EUI}`);
  });

  it('queues join accepts only when the ingest attributed them to a device', () => {
    const phy = buildJoinAccept({
      appKey: hex(WEAK_KEY),
      joinNonce: 1,
      netId: '000013',
      devAddr: '26011234',
    });
    expect(isKeyAuditPacket(attributedJoinAccept(phy, DEV_EUI))).toBe(true);
    expect(isKeyAuditPacket(packetFromPhy(phy))).toBe(false);
  });
});

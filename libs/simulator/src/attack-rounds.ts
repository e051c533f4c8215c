import { buildDataUp } from '@lorawatch/lorawan/build-frames';
import type { AttackKind } from './attack-kinds';
import { displaced, edgeOfCoverage } from './network-layout';
import { type Reception, snrFor } from './radio-link';
import type { SimDevice } from './sim-device';
import type { SimEvent, SimGateway } from './sim-event';
import type { GatewayState, SimulationCore } from './simulation-core';
import { WEAK_KEY_PATTERNS, weakAppKey } from './weak-app-keys';

/** An attacker replays a frame it captured at least this long ago, well past any duplicate window. */
const MIN_CAPTURE_AGE_MS = 60_000;
/**
 * Devices (or gateways) one persistent anomaly takes over at most: enough to show it, few enough that the
 * network stays mostly healthy and the other attacks keep victims to pick from.
 */
const MAX_VICTIMS = 2;
/** LAF-007 only looks at counters above 8, so the clone goes back to at least 9. */
const MIN_CLONED_COUNTER = 9;
/** LAF-501 rule B: after a join, an uplink counter above 16 shows the old session was kept. */
const KEPT_SESSION_COUNTER = 17;
const FAILED_JOIN_RETRY_MS = 12_000;
const STORM_REJOIN_MS: readonly [number, number] = [120_000, 240_000];
const GATEWAY_MOVE_M: readonly [number, number] = [2_000, 15_000];

/** Null when nothing is eligible yet: the round is tried again soon rather than a whole interval later. */
export type RoundResult = SimEvent[] | null;

/**
 * Devices some attacks need from the start, added on top of the fleet only when their attack is asked for:
 * an ABP device (abp-reset), one device per weak-key pattern (weak-key), one device at the edge of
 * coverage (weak-signal).
 */
export function installAttackDevices(core: SimulationCore, kinds: ReadonlySet<AttackKind>): void {
  if (kinds.has('abp-reset')) {
    const device = core.newDevice();
    device.activation = 'abp';
    device.role = 'abp-reset';
    device.session = {
      devAddr: core.random.int(0, 0x01ffffff).toString(16).padStart(8, '0'),
      nwkSKey: core.random.bytes(16),
      appSKey: core.random.bytes(16),
      fCntUp: 0,
      fCntDown: 0,
    };
    device.joinedAt = core.clockMs;
    core.addDevice(device);
  }
  if (kinds.has('weak-key')) {
    for (const pattern of WEAK_KEY_PATTERNS) {
      const device = core.newDevice();
      device.appKey = weakAppKey(pattern, device.joinEui, device.devEui, core.random);
      device.role = 'weak-key';
      core.addDevice(device);
    }
  }
  if (kinds.has('weak-signal')) {
    const device = core.newDevice();
    sinkSignal(core, device);
    core.addDevice(device);
  }
}

/** One round of an attack: what it puts on the air now, with the devices and gateways it changes. */
export function attackRound(core: SimulationCore, kind: AttackKind): RoundResult {
  switch (kind) {
    case 'join-replay':
      return replayJoinRequest(core);
    case 'devnonce-repeat':
      return withEligible(core, (device) => {
        core.record(kind, { devEui: device.devEui });
        return core.join(device, { attack: kind, reuseDevNonce: true });
      });
    case 'uplink-replay':
      return replayUplink(core);
    case 'downlink-replay':
      return replayDownlink(core);
    case 'abp-reset':
      return rebootAbpDevice(core);
    case 'session-clone':
      return cloneSession(core);
    case 'shared-devaddr':
      return shareDevAddr(core);
    case 'weak-key':
      return rejoinWeakKeyDevice(core);
    case 'gateway-move':
      return moveGateway(core);
    case 'counter-wrap':
      return victimRound(core, kind, (device) => {
        const session = device.session;
        if (session === null) return [];
        // As if the device had run for months: the next few frames reach 65535, then the counter wraps.
        const nextWrap = (Math.floor(session.fCntUp / 0x10000) + 1) * 0x10000;
        session.fCntUp = nextWrap - core.random.int(2, 4);
        return [];
      });
    case 'weak-signal':
      // One more device than the one installed at the start, whose signal sinks while it runs.
      return victimRound(
        core,
        kind,
        (device) => {
          sinkSignal(core, device);
          return [];
        },
        1,
      );
    case 'packet-loss':
      return victimRound(core, kind, (device) => {
        device.behaviour.lossy = true;
        return [];
      });
    case 'retransmissions':
      return victimRound(core, kind, (device) => {
        device.behaviour.retransmissions = 3;
        return [];
      });
    case 'device-silence':
      return victimRound(core, kind, (device) => {
        device.behaviour.silent = true;
        return [];
      });
    case 'gateway-silence':
      return silenceGateway(core);
    case 'failed-joins':
      return victimRound(core, kind, (device) => {
        // Deleted or re-keyed on the server: from now on its joins go unanswered, and it keeps trying.
        device.behaviour.failedJoinRetryMs = FAILED_JOIN_RETRY_MS;
        return core.join(device, { attack: null });
      });
    case 'join-storm':
      return joinStorm(core);
  }
}

/** Healthy OTAA devices with a session old enough to have been eavesdropped on. */
function eligibleDevices(core: SimulationCore): SimDevice[] {
  return core.devices.filter(
    (device) =>
      device.role === null &&
      device.activation === 'otaa' &&
      device.session !== null &&
      device.joinedAt !== null &&
      !device.behaviour.staleSession &&
      core.clockMs - device.joinedAt >= MIN_CAPTURE_AGE_MS,
  );
}

function withEligible(core: SimulationCore, act: (device: SimDevice) => SimEvent[]): RoundResult {
  const eligible = eligibleDevices(core);
  return eligible.length === 0 ? null : act(core.random.pick(eligible));
}

/** A persistent anomaly: each round takes one more device, up to the cap; the victim's frames carry the kind. */
function victimRound(
  core: SimulationCore,
  kind: AttackKind,
  act: (device: SimDevice) => SimEvent[],
  cap = MAX_VICTIMS,
): RoundResult {
  const victims = core.devices.filter((device) => device.role === kind && device.activation === 'otaa');
  const installed = kind === 'weak-signal' ? 1 : 0;
  if (victims.length - installed >= cap) return [];
  return withEligible(core, (device) => {
    device.role = kind;
    core.record(kind, { devEui: device.devEui });
    return act(device);
  });
}

/** At the edge of coverage: heard by one gateway only, below the weak-signal thresholds, at SF12. */
function sinkSignal(core: SimulationCore, device: SimDevice): void {
  device.links = [edgeOfCoverage(device.links[0], core.random)];
  device.spreadingFactor = 12;
  device.role = 'weak-signal';
}

/**
 * The attacker's own radio: heard by one gateway, preferably one that does not normally hear the device, at
 * a level unlike the device's.
 */
function attackerReception(core: SimulationCore, device: SimDevice): Reception | null {
  const usual = new Set(device.links.map((link) => link.gateway.eui));
  const live = core.gateways.filter((state) => !state.silent);
  if (live.length === 0) return null;
  const strangers = live.filter((state) => !usual.has(state.gateway.eui));
  const gateway = core.random.pick(strangers.length > 0 ? strangers : live).gateway;
  return { gateway, ...unusualLevel(core, device) };
}

function unusualLevel(core: SimulationCore, device: SimDevice): { rssi: number; snr: number } {
  const baseline = device.links[0].meanRssi;
  const shift = core.random.between(20, 35);
  const rssi = Math.round(
    Math.max(-130, Math.min(-30, baseline < -70 ? baseline + shift : baseline - shift)),
  );
  return { rssi, snr: Math.round(snrFor(rssi) * 10) / 10 };
}

/**
 * The attacker re-transmits a captured join request verbatim. The network server refuses the used DevNonce,
 * so no join accept follows.
 */
function replayJoinRequest(core: SimulationCore): RoundResult {
  return withEligible(core, (device) => {
    const frame = device.capturedJoinRequest;
    const reception = attackerReception(core, device);
    if (frame === null || reception === null) return [];
    core.record('join-replay', { devEui: device.devEui, gatewayEui: reception.gateway.eui });
    return [core.uplinkEvent(device, frame, core.txFor(device), reception, 'join-replay')];
  });
}

/** A data uplink captured at least a minute ago, re-transmitted verbatim; the server drops the old counter. */
function replayUplink(core: SimulationCore): RoundResult {
  const captures = eligibleDevices(core).flatMap((device) =>
    device.capturedUplinks
      .filter((capture) => core.clockMs - capture.at >= MIN_CAPTURE_AGE_MS)
      .slice(0, 1)
      .map((capture) => ({ device, frame: capture.frame })),
  );
  if (captures.length === 0) return null;
  const { device, frame } = core.random.pick(captures);
  const reception = attackerReception(core, device);
  if (reception === null) return [];
  core.record('uplink-replay', { devEui: device.devEui, gatewayEui: reception.gateway.eui });
  return [core.uplinkEvent(device, frame, core.txFor(device), reception, 'uplink-replay')];
}

/**
 * A data downlink captured at least a minute ago, sent again through the gateway that carried it: someone
 * with access to the broker publishes it on the gateway's command topic, so the gateway transmits it.
 */
function replayDownlink(core: SimulationCore): RoundResult {
  const captures = core.devices.flatMap((device) => {
    const capture = device.capturedDownlink;
    if (capture === null || core.clockMs - capture.at < MIN_CAPTURE_AGE_MS) return [];
    const gateway = core.gateways.find((state) => state.gateway.eui === capture.gatewayEui);
    return gateway === undefined || gateway.silent ? [] : [{ device, frame: capture.frame, gateway }];
  });
  if (captures.length === 0) return null;
  const { device, frame, gateway } = core.random.pick(captures);
  core.record('downlink-replay', { devEui: device.devEui, gatewayEui: gateway.gateway.eui });
  return [core.downlinkEvent(device, frame, gateway, core.txFor(device), 'downlink-replay')];
}

/** The ABP device reboots: same DevAddr and keys, counter back to 0, no join. */
function rebootAbpDevice(core: SimulationCore): RoundResult {
  const device = core.devices.find((candidate) => candidate.activation === 'abp');
  if (device?.session == null || device.session.fCntUp < 2) return null;
  device.session.fCntUp = 0;
  core.record('abp-reset', { devEui: device.devEui });
  return [];
}

/**
 * A second radio with a copy of the device's session sends a frame with a counter the device already used,
 * and its own content: valid MIC, heard by the device's best gateway, from elsewhere.
 */
function cloneSession(core: SimulationCore): RoundResult {
  const eligible = eligibleDevices(core).filter(
    (device) =>
      (device.session?.fCntUp ?? 0) >= MIN_CLONED_COUNTER + 3 &&
      !core.gatewayState(device.links[0].gateway).silent,
  );
  if (eligible.length === 0) return null;
  const device = core.random.pick(eligible);
  const session = device.session;
  if (session === null) return [];
  const back = core.random.int(3, Math.min(8, session.fCntUp - MIN_CLONED_COUNTER));
  const frame = buildDataUp({
    nwkSKey: session.nwkSKey,
    appSKey: session.appSKey,
    devAddr: session.devAddr,
    fCnt: session.fCntUp - back,
    fPort: device.fPort,
    payload: core.random.bytes(device.payloadSize),
    confirmed: false,
    adr: true,
  });
  const gateway: SimGateway = device.links[0].gateway;
  core.record('session-clone', { devEui: device.devEui, gatewayEui: gateway.eui });
  const reception = { gateway, ...unusualLevel(core, device) };
  return [core.uplinkEvent(device, frame, core.txFor(device), reception, 'session-clone')];
}

/**
 * A device rejoins and the server hands it the DevAddr another active device is using. Each device takes
 * part in one such pair only, so every round shows a new sharing, up to the cap.
 */
function shareDevAddr(core: SimulationCore): RoundResult {
  const pairs = core.devices.filter((device) => device.role === 'shared-devaddr').length / 2;
  if (pairs >= MAX_VICTIMS) return [];
  const eligible = eligibleDevices(core);
  if (eligible.length < 2) return null;
  const owner = core.random.pick(eligible);
  const newcomer = core.random.pick(eligible.filter((device) => device !== owner));
  const devAddr = owner.session?.devAddr;
  if (devAddr === undefined) return [];
  owner.role = 'shared-devaddr';
  newcomer.role = 'shared-devaddr';
  core.record('shared-devaddr', { devEui: newcomer.devEui });
  return core.join(newcomer, { attack: 'shared-devaddr', devAddr });
}

/** A weak-key device joins again, as devices do: every join request and accept is more material to test. */
function rejoinWeakKeyDevice(core: SimulationCore): RoundResult {
  const weak = core.devices.filter((device) => device.role === 'weak-key' && device.session !== null);
  if (weak.length === 0) return null;
  const device = core.random.pick(weak);
  core.record('weak-key', { devEui: device.devEui });
  return core.join(device, { attack: 'weak-key' });
}

/**
 * A gateway reports a position kilometres from where it stands (moved, stolen, or an impostor with its
 * EUI), or, when it already did, its real position again. Its next stats carry the position.
 */
function moveGateway(core: SimulationCore): RoundResult {
  const live = core.gateways.filter((state) => !state.silent);
  if (live.length === 0) return null;
  const state = core.random.pick(live);
  const position =
    state.role === 'gateway-move'
      ? state.home
      : displaced(state.home, core.random.between(...GATEWAY_MOVE_M), core.random);
  state.role = state.role === 'gateway-move' ? null : 'gateway-move';
  state.gateway.latitude = position.latitude;
  state.gateway.longitude = position.longitude;
  core.record('gateway-move', { gatewayEui: state.gateway.eui });
  return [];
}

/**
 * A gateway's packet forwarder dies for good: no more uplinks or stats. One gateway at most, never the last,
 * and preferably one no device depends on alone, so the devices stay on the air.
 */
function silenceGateway(core: SimulationCore): RoundResult {
  const live = core.gateways.filter((state) => !state.silent);
  if (live.length < 2 || core.gateways.some((state) => state.role === 'gateway-silence')) return [];
  const soleLinks = new Set(
    core.devices.filter((device) => device.links.length === 1).map((device) => device.links[0].gateway.eui),
  );
  const spare = live.filter((state) => !soleLinks.has(state.gateway.eui));
  const state: GatewayState = core.random.pick(spare.length > 0 ? spare : live);
  state.silent = true;
  state.role = 'gateway-silence';
  core.record('gateway-silence', { gatewayEui: state.gateway.eui });
  return [];
}

/**
 * First a device that rejoins every few minutes instead of daily; then, each round, a device that sends a
 * join request, gets its accept, and goes on with its old session (its next counter is far above 16), up to
 * the cap.
 */
function joinStorm(core: SimulationCore): RoundResult {
  const storming = core.devices.some(
    (device) => device.role === 'join-storm' && device.behaviour.rejoinEveryMs !== null,
  );
  if (!storming) {
    return withEligible(core, (device) => {
      device.role = 'join-storm';
      device.behaviour.rejoinEveryMs = core.random.between(...STORM_REJOIN_MS);
      core.record('join-storm', { devEui: device.devEui });
      return core.join(device, { attack: 'join-storm' });
    });
  }
  const kept = core.devices.filter(
    (device) => device.role === 'join-storm' && device.behaviour.rejoinEveryMs === null,
  );
  if (kept.length >= MAX_VICTIMS) return [];
  const keepers = eligibleDevices(core).filter(
    (device) => (device.session?.fCntUp ?? 0) >= KEPT_SESSION_COUNTER,
  );
  if (keepers.length === 0) return null;
  const device = core.random.pick(keepers);
  device.role = 'join-storm';
  core.record('join-storm', { devEui: device.devEui });
  return core.join(device, { attack: 'join-storm', keepSession: true });
}

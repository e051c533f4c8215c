import type { Packet } from '@lorawatch/domain/packet';
import {
  emptyEmpiricalProfile,
  empiricalProbability,
  learnEmpirical,
  type EmpiricalProfile,
  type EmpiricalSettings,
} from './empirical-profile';
import {
  emptyGaussianProfile,
  gaussianDensity,
  learnGaussian,
  type GaussianProfile,
  type GaussianSettings,
} from './gaussian-profile';
import type { MessageSteps, ProfiledFrame } from './message-steps';
import { noNormalRuns, type MessageScores, type PerVariable } from './suspicious-variables';
import {
  emptyTriangularProfile,
  learnTriangular,
  triangularLikelihood,
  type TriangularProfile,
  type TriangularSettings,
} from './triangular-profile';

/**
 * What LAF-503 knows of one session (one DevAddr) of a device: the last confirmed uplink and the four learned
 * profiles (docs/alert-catalogue.md LAF-503). Batch sizes and memories are the specification's.
 */
export const RSSI_PROFILE: GaussianSettings = { refitEvery: 41, memory: 0.5, minVariance: 1 };
export const SIZE_PROFILE: EmpiricalSettings = { refitEvery: 59, memory: 0.95, maxValues: 64 };
export const CDIFF_PROFILE: EmpiricalSettings = { refitEvery: 61, memory: 0.9, maxValues: 64 };
export const TDIFF_PROFILE: TriangularSettings = { refitEvery: 29, memory: 0.5 };

/** More gateways than this hearing one device is rare; the least recently heard one is forgotten first. */
export const MAX_GATEWAYS_PER_SESSION = 16;

/**
 * What a profile that has not completed its first batch answers: neither likely nor unlikely. For timing, √0.5
 * is below the default sensitivity of 0.9, so timing starts its grace period only once it has a median.
 */
export const UNFITTED_LIKELIHOOD = 0.5;

/** Stands for a missing gateway id, so its frames still share one RSSI profile. */
const UNKNOWN_GATEWAY = '';

export interface GatewayRssiProfile {
  gateway: string;
  profile: GaussianProfile;
}

export interface SessionProfile {
  devAddr: string;
  last: ProfiledFrame | null;
  /** Least recently heard gateway first. */
  rssi: GatewayRssiProfile[];
  size: EmpiricalProfile;
  cdiff: EmpiricalProfile;
  tdiff: TriangularProfile;
  normalRuns: PerVariable<number>;
}

export function newSessionProfile(devAddr: string): SessionProfile {
  return {
    devAddr,
    last: null,
    rssi: [],
    size: emptyEmpiricalProfile(),
    cdiff: emptyEmpiricalProfile(),
    tdiff: emptyTriangularProfile(),
    normalRuns: noNormalRuns(),
  };
}

export function profiledFrame(packet: Packet & { fCount: number }): ProfiledFrame {
  return {
    fCount: packet.fCount,
    date: packet.date,
    tmst: packet.tmst,
    gateway: packet.gateway,
    gateways: [packet.gateway ?? UNKNOWN_GATEWAY],
  };
}

/**
 * Scores of a message against the profiles: √likelihood for RSSI (Gaussian density per gateway), timing
 * (triangular) and counter step (empirical); the plain probability for the size (empirical).
 */
export function scoreMessage(session: SessionProfile, packet: Packet, steps: MessageSteps): MessageScores {
  const rssiFit = rssiProfileOf(session, packet.gateway)?.profile.fit ?? null;
  const rssi =
    packet.rssi === null
      ? null
      : Math.sqrt(rssiFit === null ? UNFITTED_LIKELIHOOD : gaussianDensity(rssiFit, packet.rssi));
  const size =
    session.size.table === null ? UNFITTED_LIKELIHOOD : empiricalProbability(session.size.table, packet.size);
  const tdiff = Math.sqrt(
    session.tdiff.median === null
      ? UNFITTED_LIKELIHOOD
      : triangularLikelihood(session.tdiff.median, steps.tdiff),
  );
  const cdiff = Math.sqrt(
    session.cdiff.table === null
      ? UNFITTED_LIKELIHOOD
      : empiricalProbability(session.cdiff.table, steps.cdiff),
  );
  return { rssi, size, tdiff, cdiff };
}

/** Adds a new frame to every profile and makes it the session's last one. */
export function learnMessage(
  session: SessionProfile,
  packet: Packet & { fCount: number },
  steps: MessageSteps,
): SessionProfile {
  return {
    ...session,
    last: profiledFrame(packet),
    rssi: learnRssi(session.rssi, packet),
    size: learnEmpirical(session.size, packet.size, SIZE_PROFILE),
    cdiff: learnEmpirical(session.cdiff, steps.cdiff, CDIFF_PROFILE),
    tdiff: learnTriangular(session.tdiff, steps.tdiff, TDIFF_PROFILE),
  };
}

/**
 * Another gateway's copy of the last frame: its RSSI belongs to that gateway's profile. A copy from a gateway
 * that already relayed the frame is a retransmission and teaches nothing new.
 */
export function learnCopy(session: SessionProfile, packet: Packet): SessionProfile {
  const last = session.last;
  const gateway = packet.gateway ?? UNKNOWN_GATEWAY;
  if (last === null || last.gateways.includes(gateway) || last.gateways.length >= MAX_GATEWAYS_PER_SESSION) {
    return session;
  }
  return {
    ...session,
    last: { ...last, gateways: [...last.gateways, gateway] },
    rssi: learnRssi(session.rssi, packet),
  };
}

function rssiProfileOf(session: SessionProfile, gateway: string | null): GatewayRssiProfile | undefined {
  return session.rssi.find((entry) => entry.gateway === (gateway ?? UNKNOWN_GATEWAY));
}

function learnRssi(profiles: readonly GatewayRssiProfile[], packet: Packet): GatewayRssiProfile[] {
  if (packet.rssi === null) return [...profiles];
  const gateway = packet.gateway ?? UNKNOWN_GATEWAY;
  const previous = profiles.find((entry) => entry.gateway === gateway)?.profile ?? emptyGaussianProfile();
  const updated = { gateway, profile: learnGaussian(previous, packet.rssi, RSSI_PROFILE) };
  return [...profiles.filter((entry) => entry.gateway !== gateway), updated].slice(-MAX_GATEWAYS_PER_SESSION);
}

import type { Direction } from '@lorawatch/domain/packet';
import type { FrameTransmission } from './frame-transmissions';
import type { GatewayUplink } from './gateway-uplinks';
import type { ClearableCode } from './session-evidence';

/**
 * What the session and frame-counter detectors (LAF-004, 005, 006, 007, 011) remember about one device. Plain
 * JSON, persisted between packets; `version` lets a later release upcast it.
 */
export const SESSION_DETECTORS_VERSION = 1;

export interface SessionDetectorsState {
  version: typeof SESSION_DETECTORS_VERSION;
  /** A join or a change of DevAddr was seen: the device is OTAA (LAF-006 stays quiet, LAF-011 applies). */
  otaa: boolean;
  /** Latest join request or attributed join accept: uplinks dated before it belong to an ended session. */
  lastJoinAt: string | null;
  /** DevAddr of the latest data frame, to notice a new session. */
  devAddr: string | null;
  /** Last uplink per gateway (LAF-006, LAF-007, LAF-011). */
  uplinks: GatewayUplink[];
  /** Recent data frames, up and down (LAF-004, LAF-005, and one alert per send for the others). */
  frames: FrameTransmission[];
  /**
   * No frame of `frames` was last heard before this date (ISO 8601), so the frame tracker looks for frames past
   * their age only once it falls behind the age limit; absent (states written before it existed) when unknown.
   */
  framesHeardSince?: string;
  /** The first `framesSettled` frames hold no copies and no snapshot (FrameBounds); absent when unknown. */
  framesSettled?: number;
  /** The highest counter of the uplink and of the downlink frames tracked, or above (FrameBounds); absent when unknown. */
  framesTopCount?: Record<Direction, number>;
  /** Issue types raised since their last clearance, so a new session clears only what is open. */
  openIssues: ClearableCode[];
}

export function initialSessionDetectors(): SessionDetectorsState {
  return {
    version: SESSION_DETECTORS_VERSION,
    otaa: false,
    lastJoinAt: null,
    devAddr: null,
    uplinks: [],
    frames: [],
    openIssues: [],
  };
}

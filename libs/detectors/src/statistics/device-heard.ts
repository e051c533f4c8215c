import type { Packet } from '@lorawatch/domain/packet';
import type { IssueClearance } from '../detector-step';
import { epochMs, laterOf } from '../time';
import type { DeviceStatisticsState } from './device-statistics-state';
import { countInWindow } from './hourly-window';
import { deviceHeardAgain } from './laf-401-device-silent';
import { addCounts, type TrafficIncrement } from './traffic-counts';

/** Adds a packet's counts to the device's totals and to its hourly window. */
export function counted(
  state: DeviceStatisticsState,
  date: string,
  increment: TrafficIncrement,
): Pick<DeviceStatisticsState, 'totals' | 'hourly'> {
  return { totals: addCounts(state.totals, increment), hourly: countInWindow(state.hourly, date, increment) };
}

export interface Heard {
  fields: Pick<DeviceStatisticsState, 'lastActivity' | 'lastUplink' | 'connected' | 'silenceAlertId'>;
  cleared: IssueClearance[];
}

/**
 * A counted uplink proves the device is alive: it moves the last activity forward (never back, for packets
 * slightly out of order) and, if a silence alert was raised, clears it (docs/alert-catalogue.md LAF-401, resolution).
 */
export function heardFrom(state: DeviceStatisticsState, packet: Packet, devAddr: string | null): Heard {
  const newest = state.lastActivity === null || epochMs(packet.date) >= epochMs(state.lastActivity);
  const cleared = deviceHeardAgain(state, packet, devAddr);
  return {
    fields: {
      lastActivity: state.lastActivity === null ? packet.date : laterOf(state.lastActivity, packet.date),
      lastUplink: newest ? packet : state.lastUplink,
      connected: true,
      silenceAlertId: null,
    },
    cleared,
  };
}

import { signalStrength, type SignalBandName } from '../../../lib/signal';
import { SIGNAL_MIN, type Range } from '../types/network';

/** Spec §9 bands, in dBm (thresholds in `lib/signal`): a missing reading counts as disconnected. */
export function signalBand(rssi: number | null | undefined): SignalBandName {
  return signalStrength(rssi).name;
}

/** The 'detailed' wording (docs/console.md §9): DISCONNECTED reads UNUSABLE and UNUSABLE reads VERY WEAK. */
export function detailedSignalBand(rssi: number | null | undefined): string {
  const band = signalBand(rssi);
  if (band === 'DISCONNECTED') return 'UNUSABLE';
  if (band === 'UNUSABLE') return 'VERY WEAK';
  return band;
}

export const SIGNAL_BAND_COLORS: Record<string, string> = {
  Excellent: '#27c24c',
  Great: '#37bc9b',
  Okay: '#fad732',
  Weak: '#ff902b',
  'Very weak': '#f05050',
  Unusable: '#a52a2a',
};

/** The slider's reading (docs/console.md §9): -150 is no lower bound (-Inf); anything above -50 reads 0. */
export function signalLabel(value: number): string {
  if (value <= SIGNAL_MIN) return '-Inf';
  if (value > -50) return '0';
  return String(value);
}

/** API bounds of a slider range: -Inf sends no minimum, an upper end reading 0 sends no maximum. */
export function signalBounds([from, to]: Range): { min?: number; max?: number } {
  return {
    min: from <= SIGNAL_MIN ? undefined : from > -50 ? 0 : from,
    max: to > -50 ? undefined : to,
  };
}

/** The slider range a signal chart band selects (the server's bands reach past the slider's ends). */
export function bandRange(id: { min_signal_strength: number; max_signal_strength: number }): Range {
  return [Math.max(SIGNAL_MIN, id.min_signal_strength), Math.min(0, id.max_signal_strength)];
}

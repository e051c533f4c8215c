/** Signal strength bands of RSSI in dBm (docs/console.md §9), strongest first. */
export const SIGNAL_BANDS = [
  { name: 'EXCELLENT', min: -50, bars: 5 },
  { name: 'GREAT', min: -75, bars: 4 },
  { name: 'OKAY', min: -100, bars: 3 },
  { name: 'WEAK', min: -110, bars: 2 },
  { name: 'UNUSABLE', min: -120, bars: 1 },
] as const;

export type SignalBandName = (typeof SIGNAL_BANDS)[number]['name'] | 'DISCONNECTED';

export interface SignalBand {
  name: SignalBandName;
  /** 0 to 5, for the strength icon. */
  bars: number;
}

/** The band of an RSSI reading; a missing (or non-finite) reading counts as disconnected. */
export function signalStrength(rssi: number | null | undefined): SignalBand {
  if (typeof rssi !== 'number' || !Number.isFinite(rssi)) return { name: 'DISCONNECTED', bars: 0 };
  const band = SIGNAL_BANDS.find((candidate) => rssi >= candidate.min);
  return band ? { name: band.name, bars: band.bars } : { name: 'DISCONNECTED', bars: 0 };
}

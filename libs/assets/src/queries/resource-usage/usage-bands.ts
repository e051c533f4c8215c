/** The signal strength chart's bands in dBm, [min, max) (docs/api.md §13). */
export const SIGNAL_BANDS = [
  { min: -10000, max: -120, name: 'Unusable' },
  { min: -120, max: -110, name: 'Very weak' },
  { min: -110, max: -100, name: 'Weak' },
  { min: -100, max: -75, name: 'Okay' },
  { min: -75, max: -50, name: 'Great' },
  { min: -50, max: 1, name: 'Excellent' },
] as const;

/** Ten bands of 10 % lost frames, [min, max); the last one closes at 100 % (docs/api.md §13). */
export const LOSS_BANDS = Array.from({ length: 10 }, (_unused, i) => ({
  min: i * 10,
  max: i === 9 ? 101 : (i + 1) * 10,
  name: i === 9 ? '[90,100]' : `[${i * 10},${(i + 1) * 10})`,
}));

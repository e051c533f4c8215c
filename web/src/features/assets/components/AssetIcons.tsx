import type { AssetType } from '../types/asset-360';

/** The asset's kind at a glance: a chip for devices, an antenna for gateways. */
export function AssetTypeIcon({ type, size = 28 }: { type: AssetType; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={type === 'gateway' ? 'Gateway' : 'Device'}
      data-testid="asset-type-icon"
    >
      {type === 'gateway' ? (
        <>
          <path d="M12 12v9" />
          <path d="M8 21h8" />
          <circle cx="12" cy="10" r="1.5" />
          <path d="M8.5 6.5a5 5 0 0 0 0 7M15.5 6.5a5 5 0 0 1 0 7" />
          <path d="M5.6 3.6a9 9 0 0 0 0 12.8M18.4 3.6a9 9 0 0 1 0 12.8" />
        </>
      ) : (
        <>
          <rect x="6" y="6" width="12" height="12" rx="2" />
          <rect x="9.5" y="9.5" width="5" height="5" rx="0.5" />
          <path d="M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3" />
        </>
      )}
    </svg>
  );
}

/** Five bars, as many filled as the signal band allows. */
export function SignalStrengthIcon({ bars, label }: { bars: number; label: string }) {
  return (
    <svg width={22} height={16} viewBox="0 0 22 16" role="img" aria-label={label} data-testid="signal-icon">
      {[0, 1, 2, 3, 4].map((bar) => (
        <rect
          key={bar}
          x={bar * 4.5}
          y={12 - bar * 3}
          width={3.2}
          height={4 + bar * 3}
          rx={0.8}
          fill={bar < bars ? 'currentColor' : 'var(--mantine-color-default-border)'}
        />
      ))}
    </svg>
  );
}

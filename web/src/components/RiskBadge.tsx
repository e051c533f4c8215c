import { Badge } from '@mantine/core';
import type { Risk } from '../lib/levels';

/** INFO is the spec's blue; the others follow the usual severity scale. */
export const RISK_COLORS: Record<Risk, string> = {
  INFO: '#5d9cec',
  LOW: '#27c24c',
  MEDIUM: '#ff902b',
  HIGH: '#f05050',
};

export function RiskBadge({ risk }: { risk: Risk | null | undefined }) {
  if (!risk) return null;
  return (
    <Badge color={RISK_COLORS[risk] ?? 'gray'} autoContrast variant="filled" radius="sm" miw="max-content">
      {risk}
    </Badge>
  );
}

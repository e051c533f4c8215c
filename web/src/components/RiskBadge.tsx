import { Badge } from '@mantine/core';
import { readableTextColor } from '../lib/contrast';
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
    <Badge
      color={RISK_COLORS[risk] ?? '#868e96'}
      c={readableTextColor(RISK_COLORS[risk] ?? '#868e96')}
      variant="filled"
      radius="sm"
      miw="max-content"
      style={{ flex: 'none' }}
    >
      {risk}
    </Badge>
  );
}

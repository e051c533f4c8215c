import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, readableTextColor } from '../lib/contrast';
import { IMPORTANCE_COLORS } from './ImportanceBadge';
import { RISK_COLORS } from './RiskBadge';
import { SolidBadge } from './SolidBadge';

const BADGE_COLORS = {
  ...RISK_COLORS,
  ...Object.fromEntries(
    Object.entries(IMPORTANCE_COLORS).map(([name, color]) => [`importance ${name}`, color]),
  ),
};

/** A light yellow that needs dark text. */
const LIGHT_YELLOW = '#fad732';

describe('badges', () => {
  it.each(Object.entries(BADGE_COLORS))('%s (%s) carries its text at WCAG AA', (_name, color) => {
    // A filled badge is its own background, so the same ratio holds in both colour schemes.
    expect(contrastRatio(color, readableTextColor(color))).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('shows the whole word in the contrasting text colour and is never squeezed', () => {
    render(
      <MantineProvider env="test">
        <SolidBadge color={LIGHT_YELLOW}>EXCELLENT</SolidBadge>
      </MantineProvider>,
    );
    const badge = screen.getByText('EXCELLENT').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveStyle({ flex: 'none', minWidth: 'max-content' });
    expect(badge).toHaveStyle({ color: '#000000' });
  });
});

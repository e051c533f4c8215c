import { Checkbox, Fieldset, Group, Text } from '@mantine/core';
import { RISK_COLORS } from '../../../components/RiskBadge';
import type { Risk } from '../../../lib/levels';
import type { SectionProps } from './SourcesSection';

/** The alert risks that notify. */
export function TriggersSection({ preferences, onChange }: SectionProps) {
  return (
    <Fieldset legend="Risks" variant="unstyled">
      <Text size="sm" c="dimmed">
        Notify me of alerts of these risks.
      </Text>
      <Checkbox.Group
        value={preferences.risks.filter((flag) => flag.enabled).map((flag) => flag.name)}
        onChange={(names) =>
          onChange({
            ...preferences,
            risks: preferences.risks.map((flag) => ({ ...flag, enabled: names.includes(flag.name) })),
          })
        }
      >
        <Group gap="md" mt="xs">
          {preferences.risks.map((flag) => {
            const risk = flag.name.toUpperCase() as Risk;
            return <Checkbox key={flag.name} value={flag.name} label={risk} color={RISK_COLORS[risk]} />;
          })}
        </Group>
      </Checkbox.Group>
    </Fieldset>
  );
}

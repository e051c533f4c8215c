import { Checkbox, Fieldset, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { toggleDataSource } from '../streams/preferences-form';
import type { NotificationPreferences, Tag } from '../types/notifications';

export interface SectionProps {
  preferences: NotificationPreferences;
  onChange: (preferences: NotificationPreferences) => void;
}

const upper = (name: string) => name.toUpperCase();

/** Which data sources, asset importances and labels may notify. */
export function SourcesSection({ preferences, tags, onChange }: SectionProps & { tags: Tag[] }) {
  const selectedTags = preferences.asset_tags.map((tag) => String(tag.id));
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h6">
          Data sources
        </Title>
        {preferences.dataCollectors.length === 0 ? (
          <Text c="dimmed" size="sm">
            No registered data sources.
          </Text>
        ) : (
          <Group gap="md">
            {preferences.dataCollectors.map((entry) => (
              <Checkbox
                key={entry.dataCollectorId}
                label={entry.dataCollector?.name ?? `Data source ${entry.dataCollectorId}`}
                checked={entry.enabled}
                onChange={(event) =>
                  onChange(toggleDataSource(preferences, entry.dataCollectorId, event.currentTarget.checked))
                }
              />
            ))}
          </Group>
        )}
      </Stack>
      <Fieldset legend="Asset importance" variant="unstyled">
        <Checkbox.Group
          value={preferences.asset_importance.filter((flag) => flag.enabled).map((flag) => flag.name)}
          onChange={(names) =>
            onChange({
              ...preferences,
              asset_importance: preferences.asset_importance.map((flag) => ({
                ...flag,
                enabled: names.includes(flag.name),
              })),
            })
          }
        >
          <Group gap="md" mt="xs">
            {preferences.asset_importance.map((flag) => (
              <Checkbox key={flag.name} value={flag.name} label={upper(flag.name)} />
            ))}
          </Group>
        </Checkbox.Group>
      </Fieldset>
      <MultiSelect
        label="Labels"
        description="Only alerts of assets with one of these labels notify; none selected means any asset."
        placeholder={tags.length === 0 ? 'No tags to show' : 'Choose labels'}
        data={tags.map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={selectedTags}
        searchable
        clearable
        onChange={(ids) =>
          onChange({
            ...preferences,
            asset_tags: ids.map((id) => {
              const tag = tags.find((candidate) => String(candidate.id) === id);
              return tag ? { id: tag.id, name: tag.name, color: tag.color } : { id: Number(id) };
            }),
          })
        }
      />
    </Stack>
  );
}

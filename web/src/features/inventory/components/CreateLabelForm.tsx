import { Alert, Button, ColorSwatch, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CreateLabelResult } from '../hooks/useLabels';
import { DEFAULT_LABEL_COLOR, LABEL_PALETTE, canCreateLabel, isValidLabelName } from '../streams/label-rules';

export interface CreateLabelFormProps {
  onCreate: (name: string, color: string) => Promise<CreateLabelResult>;
}

/** New label: a name (letters, digits, _ . and spaces) and one of the palette's colours. */
export function CreateLabelForm({ onCreate }: CreateLabelFormProps) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_LABEL_COLOR);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const create = async () => {
    setBusy(true);
    setFailure(null);
    const result = await onCreate(name, color);
    setBusy(false);
    if (result.ok) {
      setName('');
      setColor(DEFAULT_LABEL_COLOR);
    } else setFailure(result.message);
  };

  const nameError = name !== '' && !isValidLabelName(name);
  return (
    <Stack gap="xs" data-testid="create-label">
      <Text fw={600} size="sm">
        Create label
      </Text>
      <TextInput
        label="Label name"
        placeholder="label name"
        value={name}
        maxLength={64}
        onChange={(event) => setName(event.currentTarget.value)}
        error={nameError ? 'Only letters, digits, underscore, period and space' : undefined}
      />
      <div role="radiogroup" aria-label="Label colour">
        <Group gap={6}>
          <ColorSwatch color={color} size={22} aria-hidden title="Chosen colour" />
          <Text size="xs" c="dimmed" mr="xs">
            {color}
          </Text>
          {LABEL_PALETTE.map((swatch) => (
            <ColorSwatch
              key={swatch}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === swatch}
              aria-label={`Colour ${swatch}`}
              color={swatch}
              size={22}
              onClick={() => setColor(swatch)}
              style={{
                cursor: 'pointer',
                outlineOffset: 2,
                outline: color === swatch ? '2px solid var(--mantine-color-text)' : undefined,
              }}
            />
          ))}
        </Group>
      </div>
      {failure && (
        <Alert color="red" title="Oops!" role="alert" variant="light">
          {`An error ocurred. ${failure}`}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="xs" onClick={create} disabled={!canCreateLabel(name, color)} loading={busy}>
          Create
        </Button>
      </Group>
    </Stack>
  );
}

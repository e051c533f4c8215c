import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Policy } from '../types/policy';
import { POLICY_TEXTS, hasCode } from '../utils/policy-errors';
import { validatePolicyName } from '../utils/policy-validation';

export interface ClonePolicyDialogProps {
  policy: Policy | null;
  onClone: (policy: Policy, name: string) => Promise<Policy>;
  onCloned: (created: Policy) => void;
  onClose: () => void;
}

/** Copy a policy under a new name (docs/console.md §5 clone name rules, §8 'Exists a policy with this name'). */
export function ClonePolicyDialog({ policy, onClone, onCloned, onClose }: ClonePolicyDialogProps) {
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The name's error waits until the user has typed in the field or left it, not on opening.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setName('');
    setServerError(null);
    setBusy(false);
    setTouched(false);
  }, [policy]);

  const nameError = validatePolicyName(name, true);
  const submit = async () => {
    if (!policy || nameError) return;
    setBusy(true);
    setServerError(null);
    try {
      onCloned(await onClone(policy, name));
    } catch (error) {
      setServerError(hasCode(error, 'EXISTING_NAME') ? POLICY_TEXTS.cloneExisting : POLICY_TEXTS.generic);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={policy !== null} onClose={onClose} title="Clone policy" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">The new policy starts with the alert settings of {policy?.name}.</Text>
          <TextInput
            label="Name of the new policy"
            required
            data-autofocus
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerError(null);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={serverError ?? (touched ? nameError : null)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={nameError !== null} loading={busy}>
              Clone
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

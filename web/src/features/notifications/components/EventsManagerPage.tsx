import { Accordion, Alert, Button, Center, Loader, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { ErrorBox } from '../../../components/ErrorBox';
import { PageHeader } from '../../../components/PageHeader';
import { usePreferences } from '../hooks/usePreferences';
import { ActionSection } from './ActionSection';
import { SecretsHelpDialog } from './SecretsHelpDialog';
import { SourcesSection } from './SourcesSection';
import { TriggersSection } from './TriggersSection';

/** /dashboard/events_manager: which alerts notify the user, and where (spec part 2 "Events manager"). */
export function EventsManagerPage() {
  const navigate = useNavigate();
  const preferences = usePreferences();
  const [helpOpened, help] = useDisclosure(false);
  const { draft, setDraft } = preferences;

  return (
    <Stack gap="md">
      <PageHeader title="EVENTS MANAGER">
        <Button variant="default" onClick={() => navigate('/dashboard/events_log')}>
          See notifications
        </Button>
        <Button variant="default" onClick={help.open}>
          How to use secrets
        </Button>
        <Button
          onClick={preferences.save}
          loading={preferences.saveState === 'saving'}
          disabled={!draft}
          data-tour="events-save"
        >
          Save
        </Button>
      </PageHeader>
      {preferences.saveState === 'saved' && preferences.saveWarning && (
        <Alert color="orange" variant="light" role="alert">
          {preferences.saveWarning}
        </Alert>
      )}
      {preferences.saveState === 'saved' && !preferences.saveWarning && (
        <UnstyledButton onClick={preferences.hideSaved} aria-label="Hide message">
          <Alert color="green" variant="light" role="status">
            Done! Changes were saved, click to hide.
          </Alert>
        </UnstyledButton>
      )}
      {preferences.saveState === 'failed' && <ErrorBox />}
      {preferences.status === 'error' && <ErrorBox />}
      {preferences.status === 'loading' && !draft && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading preferences" />
        </Center>
      )}
      {draft && (
        <Accordion multiple defaultValue={['sources']} variant="separated">
          <Accordion.Item value="sources" data-tour="events-sources">
            <Accordion.Control>Sources</Accordion.Control>
            <Accordion.Panel>
              <SourcesSection preferences={draft} tags={preferences.tags} onChange={setDraft} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="triggers" data-tour="events-triggers">
            <Accordion.Control>Triggers</Accordion.Control>
            <Accordion.Panel>
              <TriggersSection preferences={draft} onChange={setDraft} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="action" data-tour="events-action">
            <Accordion.Control>Action</Accordion.Control>
            <Accordion.Panel>
              <ActionSection preferences={draft} onChange={setDraft} onHelp={help.open} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
      <SecretsHelpDialog opened={helpOpened} onClose={help.close} />
    </Stack>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

const SHOWN_MS = 2500;

/** Clipboard API first; the old execCommand route where it is refused (plain-HTTP LAN addresses). */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('copy refused');
  }
}

/** Copies this view's address, and says so for a moment. */
export function CopyLinkButton() {
  // The router's location, not window.location: the two differ under a memory router (tests, embedding).
  const location = useLocation();
  const link = `${window.location.origin}${location.pathname}${location.search}`;
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!copied && !failed) return undefined;
    const timer = window.setTimeout(() => {
      setCopied(false);
      setFailed(false);
    }, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [copied, failed]);

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          copyText(link).then(
            () => setCopied(true),
            () => setFailed(true),
          );
        }}
      >
        Copy link
      </Button>
      <Text size="sm" c={failed ? 'red' : 'dimmed'} role="status" aria-live="polite" miw={140}>
        {copied ? 'copied to clipboard...' : failed ? 'The link could not be copied.' : ''}
      </Text>
    </Group>
  );
}

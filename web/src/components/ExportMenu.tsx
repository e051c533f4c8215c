import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { ApiClient } from '../lib/api';
import type { QueryParams, QueryValue } from '../lib/query-string';
import { serverMessage } from '../lib/server-message';
import { useServices } from '../lib/services-context';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
];

const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

export const EXPORT_FAILED = 'The export could not be made. Try again later.';

export interface ExportMenuProps {
  /** The export endpoint below the API base, e.g. `alerts/export` (docs/api.md §19). */
  path: string;
  /** The list's current filters and order, as its list endpoint reads them; paging is not sent. */
  query: QueryParams;
  /** What the file holds, in the button's accessible name ("Export alerts"). */
  subject: string;
}

/** The query an export takes: the list's, without the paging the export endpoints refuse, and the format. */
export function exportQuery(query: QueryParams, format: ExportFormat): QueryParams {
  const kept: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    // Exports are of the live state; a past time shown on screen is not sent.
    if (['page', 'size', 'after', 'before', 'include_parameters', 'as_of'].includes(key)) continue;
    kept[key] = value;
  }
  return { ...kept, format };
}

/** `attachment; filename="alerts-20240131-154500.csv"` → the file name, or null. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1] : null;
}

/**
 * Asks the server for the file (it streams it, whatever its size) and hands it to the browser as a download. The
 * answer is read through the API client, so the session's token goes with it and a 401 ends the session as
 * elsewhere.
 */
export async function downloadExport(
  api: ApiClient,
  path: string,
  query: QueryParams,
  format: ExportFormat,
  subject: string,
): Promise<void> {
  const response = await firstValueFrom(
    api.request<unknown>('GET', path, { query: exportQuery(query, format) }),
  );
  // The client parses JSON answers; CSV arrives as text.
  const content = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
  const fileName =
    attachmentName(response.headers.get('Content-Disposition')) ??
    `${subject.replace(/\s+/g, '-')}.${format}`;
  const url = URL.createObjectURL(new Blob([content], { type: MIME_TYPES[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Export" with CSV and JSON: downloads the whole list with the filters and order on screen. */
export function ExportMenu({ path, query, subject }: ExportMenuProps) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);

  const run = (format: ExportFormat) => {
    setBusy(true);
    downloadExport(api, path, query, format, subject)
      .catch((error: unknown) => {
        notifications.show({ color: 'red', message: serverMessage(error) ?? EXPORT_FAILED });
      })
      .finally(() => setBusy(false));
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={busy}
          aria-label={`Export ${subject}`}
          data-testid="export-menu"
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.map(({ format, label }) => (
          <Menu.Item key={format} onClick={() => run(format)} data-testid={`export-${format}`}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

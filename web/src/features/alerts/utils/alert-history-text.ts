import { formatDateTime } from '../../../lib/format';
import type { AlertHistoryCause, AlertHistoryEvent } from '../types/alert-history';

const CLOSE_REASONS: Record<number, string> = {
  1: 'by hand',
  2: 'after its timeout',
  3: 'as the condition cleared',
};

/** One line on what an event of the alert says, in the console's words. */
export function alertHistorySummary(event: AlertHistoryEvent): string {
  const data = event.data ?? {};
  const code = typeof data.code === 'string' ? ` ${data.code}` : '';
  switch (event.type) {
    case 'AlertRaised':
      return `Alert${code} raised`;
    case 'AlertResolved':
      return typeof data.comment === 'string' && data.comment !== ''
        ? `Alert resolved: ${data.comment}`
        : 'Alert resolved';
    case 'IssueOpened':
      return `Issue${code} opened`;
    case 'IssueRecurred':
      return `Issue${code} seen again`;
    case 'IssueClosed': {
      const reason = typeof data.reason === 'number' ? CLOSE_REASONS[data.reason] : undefined;
      return reason ? `Issue${code} closed ${reason}` : `Issue${code} closed`;
    }
    default:
      return event.type;
  }
}

/** Who or what caused the event; '-' when the record does not say. */
export function alertHistoryCause(cause: AlertHistoryCause | null): string {
  if (!cause) return '-';
  if (cause.kind === 'user') return `User ${cause.username ?? cause.id}`;
  return cause.date ? `Packet ${cause.id} of ${formatDateTime(cause.date)}` : `Packet ${cause.id}`;
}

/** Hands the export to the browser as a download. */
export function saveJsonLines(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

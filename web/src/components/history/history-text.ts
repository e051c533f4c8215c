import { formatDateTime } from '../../lib/format';
import type { HistoryCause, HistoryEvent } from './history-types';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** "Alert LAF-001", or just "Alert" when the event names no type. */
const named = (noun: string, code: string | null): string => (code ? `${noun} ${code}` : noun);

const CLOSE_REASONS: Record<number, string> = {
  1: 'by hand',
  2: 'after its timeout',
  3: 'as the condition cleared',
};

/** One line on what the event says, in the console's words. */
export function historySummary(event: HistoryEvent): string {
  const data = event.data ?? {};
  const code = text(data.code);
  const comment = text(data.comment);
  switch (event.type) {
    case 'AlertRaised':
      return `${named('Alert', code)} raised`;
    case 'AlertResolved':
      return comment ? `Alert resolved: ${comment}` : 'Alert resolved';
    case 'IssueOpened':
      return `${named('Issue', code)} opened`;
    case 'IssueRecurred':
      return `${named('Issue', code)} seen again`;
    case 'IssueClosed': {
      const reason = typeof data.reason === 'number' ? CLOSE_REASONS[data.reason] : undefined;
      const closed = `${named('Issue', code)} closed`;
      return reason ? `${closed} ${reason}` : closed;
    }
    case 'IssueConditionCleared': {
      const why = text(data.reason);
      const cleared = `${named('Condition', code)} cleared`;
      return why ? `${cleared}: ${why}` : cleared;
    }
    case 'AssetImportanceSet':
      return `Importance set to ${text(data.importance) ?? 'another level'}`;
    case 'AssetHidingSet':
      return data.hidden === true ? 'Hidden from a user’s lists' : 'Shown again in a user’s lists';
    case 'TagAssigned':
      return 'Label added';
    case 'TagUnassigned':
      return 'Label removed';
    default:
      return event.type;
  }
}

/** Who or what caused the event; '-' when the record does not say. */
export function historyCause(cause: HistoryCause | null): string {
  if (!cause) return '-';
  if (cause.kind === 'user') return `User ${cause.username ?? cause.id}`;
  const date = cause.date ? ` of ${formatDateTime(cause.date)}` : '';
  return `Packet ${cause.id}${date}`;
}

/** A file name for the export: what it is the history of, and the time of the download. */
export function historyFileName(stem: string, now: Date): string {
  return `${stem}-history-${now.toISOString().replace(/[:.]/g, '-')}.jsonl`;
}

/** Hands `content` to the browser as a download named `fileName`. */
export function saveTextFile(fileName: string, content: string, type = 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

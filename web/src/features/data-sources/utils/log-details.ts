import { FAILED_LOGIN_TEXT, LOG_EVENT_LABELS, type DataSourceLogEvent } from '../types/data-source';

export const logEventLabel = (type: string) => LOG_EVENT_LABELS[type] ?? type;

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The Details column of the log (docs/console.md §4): what changed, what failed, and who did it. */
export function logEventDetails(event: DataSourceLogEvent, policyNames: Record<number, string> = {}): string {
  const parameters = event.parameters ?? {};
  const parts: string[] = [];
  switch (event.type) {
    case 'CREATED':
    case 'UPDATED': {
      const host = text(parameters.ip);
      const port = text(parameters.port);
      if (text(parameters.type)) parts.push(`Type: ${String(parameters.type)}`);
      if (host) parts.push(`Host: ${host}${port ? `:${port}` : ''}`);
      if (text(parameters.user)) parts.push(`User: ${String(parameters.user)}`);
      if (typeof parameters.ssl === 'boolean') parts.push(`SSL: ${parameters.ssl ? 'on' : 'off'}`);
      if (text(parameters.policy)) {
        const policy = Number(parameters.policy);
        parts.push(`Policy: ${policyNames[policy] ?? String(parameters.policy)}`);
      }
      break;
    }
    case 'DISCONNECTED':
      if (text(parameters.error)) parts.push(String(parameters.error));
      break;
    case 'FAILED_PARSING':
      if (text(parameters.message)) parts.push(String(parameters.message));
      if (typeof parameters.count === 'number' && parameters.count > 1)
        parts.push(`${parameters.count} messages`);
      break;
    case 'FAILED_LOGIN':
      parts.push(FAILED_LOGIN_TEXT);
      break;
    default:
      break;
  }
  if (event.user) parts.push(`By ${event.user.full_name || event.user.username}`);
  return parts.join(' · ');
}

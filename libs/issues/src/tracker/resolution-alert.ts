import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { ResolutionReason, type IssueClosed } from '@lorawatch/domain/issue.events';
import { alertId } from '@lorawatch/detectors/alert-draft';
import type { TrackedIssue } from './tracker-state';

/**
 * The alert that tells the closing of an issue (docs/alert-catalogue.md §2.4, LAF-600 / LAF-601): a clone of the opening
 * alert's asset and parameters, without its packet snapshot, plus what was solved and why. One per issue, so its
 * id is derived from the issue's.
 */
export function resolutionAlert(
  issue: TrackedIssue,
  closed: IssueClosed,
  timeoutSeconds: number,
): AlertDraft {
  const manual = closed.reason === ResolutionReason.MANUAL;
  const code = manual ? 'LAF-601' : 'LAF-600';
  const { opening } = issue;
  const solved = alertTypeByCode(issue.code);
  const evidence = closed.reason === ResolutionReason.CORRECT ? closed.evidence : null;
  const parameters: AlertDraft['parameters'] = {
    ...withoutSnapshots(opening.parameters),
    issue_id: issue.numericId,
    alert_solved_type: issue.code,
    alert_solved: solved.name,
    date: closed.resolvedAt,
    // A null packet_data tells the alerts projection not to attach the packet (the source drops it).
    packet_data: null,
  };
  if (evidence) {
    // The clearing packet is the evidence: the dialog shows it as the alert's packet.
    delete parameters.packet_data;
    parameters.packet_id = evidence.id;
    parameters.packet_date = evidence.date;
  }
  if (manual) {
    parameters.user_id = closed.resolvedBy?.userId ?? null;
    parameters.user_name = closed.resolvedBy
      ? closed.resolvedBy.fullName || closed.resolvedBy.username
      : null;
    parameters.resolution_comment = closed.comment;
  } else {
    parameters.resolution_reason = resolutionReason(closed, timeoutSeconds);
  }
  return {
    id: alertId(code, issue.id),
    code,
    dataSourceId: opening.dataSourceId,
    organizationId: opening.organizationId,
    createdAt: closed.resolvedAt,
    devEui: opening.devEui,
    devAddr: opening.devAddr,
    gateway: opening.gateway,
    packet: evidence ?? opening.packet,
    prevPacket: null,
    parameters,
  };
}

function resolutionReason(closed: IssueClosed, timeoutSeconds: number): string {
  if (closed.reason === ResolutionReason.TIMEOUT)
    return `the alert did not come back for ${describeSeconds(timeoutSeconds)} after it was last seen`;
  return closed.comment ?? 'the checks passed again';
}

function describeSeconds(seconds: number): string {
  if (seconds % 86400 === 0) return plural(seconds / 86400, 'day');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

function withoutSnapshots(parameters: AlertDraft['parameters']): AlertDraft['parameters'] {
  const copy = { ...parameters };
  delete copy.packet_data;
  delete copy.prev_packet_data;
  return copy;
}

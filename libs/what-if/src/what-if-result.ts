import type { AlertDraft } from '@lorawatch/domain/alert';

/** One alert of a what-if comparison, as the API shows it. */
export interface WhatIfAlert {
  id: string;
  code: string;
  created_at: string;
  dev_eui: string | null;
  gateway: string | null;
  data_collector_id: number;
}

export interface WhatIfCodeCounts {
  code: string;
  added: number;
  gone: number;
  unchanged: number;
}

/**
 * The alerts a policy would have raised over a range of stored packets, against those actually raised: `added` only
 * under the policy tried, `gone` only in the live record, `unchanged` in both (alert ids are deterministic). The
 * lists hold at most WHAT_IF_LIST_LIMIT alerts each, oldest first; the counts are complete.
 */
export interface WhatIfResult {
  from: string;
  to: string;
  /** Packets of the data sources in scope dated within [from, to]. */
  packets: number;
  by_code: WhatIfCodeCounts[];
  added: WhatIfAlert[];
  gone: WhatIfAlert[];
  unchanged: number;
}

export const WHAT_IF_LIST_LIMIT = 500;

/** What a run needs of an alert: the AlertRaised event's fields it compares and shows. */
export type RaisedAlert = Pick<
  AlertDraft,
  'id' | 'code' | 'createdAt' | 'devEui' | 'gateway' | 'dataSourceId' | 'organizationId'
>;

export function alertSummary(alert: RaisedAlert): WhatIfAlert {
  return {
    id: alert.id,
    code: alert.code,
    created_at: alert.createdAt,
    dev_eui: alert.devEui,
    gateway: alert.gateway,
    data_collector_id: alert.dataSourceId,
  };
}

/** The comparison of the alerts the sandbox raised with the live ones, both already limited to the range and scope. */
export function compareAlerts(
  range: { from: string; to: string; packets: number },
  sandbox: readonly RaisedAlert[],
  live: readonly RaisedAlert[],
): WhatIfResult {
  const liveIds = new Set(live.map((alert) => alert.id));
  const sandboxIds = new Set(sandbox.map((alert) => alert.id));
  const added = sandbox.filter((alert) => !liveIds.has(alert.id));
  const gone = live.filter((alert) => !sandboxIds.has(alert.id));
  const codes = new Map<string, WhatIfCodeCounts>();
  const count = (code: string) => {
    let entry = codes.get(code);
    if (!entry) codes.set(code, (entry = { code, added: 0, gone: 0, unchanged: 0 }));
    return entry;
  };
  let unchanged = 0;
  for (const alert of sandbox) {
    if (liveIds.has(alert.id)) {
      count(alert.code).unchanged += 1;
      unchanged += 1;
    } else count(alert.code).added += 1;
  }
  for (const alert of gone) count(alert.code).gone += 1;
  const oldestFirst = (a: RaisedAlert, b: RaisedAlert) =>
    Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id);
  return {
    from: range.from,
    to: range.to,
    packets: range.packets,
    by_code: [...codes.values()].sort((a, b) => a.code.localeCompare(b.code)),
    added: [...added].sort(oldestFirst).slice(0, WHAT_IF_LIST_LIMIT).map(alertSummary),
    gone: [...gone].sort(oldestFirst).slice(0, WHAT_IF_LIST_LIMIT).map(alertSummary),
    unchanged,
  };
}

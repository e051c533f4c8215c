import type { PolicyItemPayload } from './policy';

/** `POST what_if`: a saved policy (`policy_id`) or the items as edited (`policy`), over [from, to] (ISO). */
export interface WhatIfRequest {
  policy_id?: number;
  policy?: { items: PolicyItemPayload[] };
  data_collector_id?: number;
  from: string;
  to: string;
}

export type WhatIfJobId = number | string;

export interface WhatIfProgress {
  packets_read: number;
  packets_total: number;
}

/** An alert the policy would have raised (added) or that was raised and would not be (gone). */
export interface WhatIfAlertSummary {
  id: number | string;
  code: string;
  created_at: string;
  dev_eui: string | null;
  gateway: string | null;
  data_collector_id: number | null;
}

export interface WhatIfCodeCounts {
  code: string;
  added: number;
  gone: number;
  unchanged: number;
}

/** The comparison; `added` and `gone` list at most 500 alerts each, the counts are complete. */
export interface WhatIfResult {
  from: string;
  to: string;
  packets: number;
  by_code: WhatIfCodeCounts[];
  added: WhatIfAlertSummary[];
  gone: WhatIfAlertSummary[];
  unchanged: number;
}

/** `GET what_if/{id}`. */
export interface WhatIfJob {
  id: WhatIfJobId;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  progress: WhatIfProgress;
  error?: string;
  result?: WhatIfResult;
}

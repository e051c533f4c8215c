/**
 * Which variables of a message count as suspicious (docs/alert-catalogue.md LAF-503). A score below its sensitivity is
 * suspicious only when the variable had more than `grace_period` normal messages in a row before it; every low
 * score starts the run over. A variable that just changed regime (a new gateway, a new reporting period) so
 * raises at most one suspicion until its profile has caught up, and a flapping one raises none.
 */
export const MESSAGE_VARIABLES = ['rssi', 'size', 'tdiff', 'cdiff'] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

export type PerVariable<T> = Record<MessageVariable, T>;

/** A variable the message does not carry (no RSSI reported) has no score and leaves its run as it was. */
export type MessageScores = PerVariable<number | null>;

export interface SuspicionSettings {
  sensitivities: PerVariable<number>;
  gracePeriod: number;
}

export interface SuspicionOutcome {
  /** Consecutive normal messages per variable, after this one. */
  normalRuns: PerVariable<number>;
  suspicious: MessageVariable[];
}

export function noNormalRuns(): PerVariable<number> {
  return { rssi: 0, size: 0, tdiff: 0, cdiff: 0 };
}

export function judgeScores(
  scores: MessageScores,
  normalRuns: PerVariable<number>,
  settings: SuspicionSettings,
): SuspicionOutcome {
  const next = { ...normalRuns };
  const suspicious: MessageVariable[] = [];
  for (const variable of MESSAGE_VARIABLES) {
    const score = scores[variable];
    if (score === null) continue;
    if (score < settings.sensitivities[variable]) {
      if (normalRuns[variable] > settings.gracePeriod) suspicious.push(variable);
      next[variable] = 0;
    } else {
      next[variable] = normalRuns[variable] + 1;
    }
  }
  return { normalRuns: next, suspicious };
}

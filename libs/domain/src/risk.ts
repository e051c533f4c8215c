export const RISKS = ['INFO', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type Risk = (typeof RISKS)[number];

export const IMPORTANCES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Importance = (typeof IMPORTANCES)[number];

/** Higher number = more severe; used for "highest risk in a bucket". */
export function riskRank(risk: Risk): number {
  return RISKS.indexOf(risk);
}

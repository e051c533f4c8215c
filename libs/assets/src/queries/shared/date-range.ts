import { Invalid } from '@lorawatch/platform/domain-errors';
import type { FieldCondition } from '@lorawatch/read-store/read-store.port';
import type { DateRange } from '@lorawatch/platform/query-params';

/** `created_at[gte|lte]` as a condition on an ISO date field; the bounds must not cross (docs/api.md §1.5). */
export function dateCondition(range: DateRange | undefined): FieldCondition | null {
  const gte = range?.gte ? new Date(range.gte).toISOString() : undefined;
  const lte = range?.lte ? new Date(range.lte).toISOString() : undefined;
  if (gte === undefined && lte === undefined) return null;
  if (gte && lte && gte > lte) throw new Invalid('since value must be before to until value');
  return { ...(gte ? { $gte: gte } : {}), ...(lte ? { $lte: lte } : {}) };
}

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * Encodes query parameters the way the API reads them (docs/api.md §1.5): arrays as repeated bracketed
 * keys (`type[]=LAF-001&type[]=LAF-003`), null and undefined left out. Keys such as `created_at[gte]` pass
 * through unchanged.
 */
export function toQueryString(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      const arrayKey = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value as readonly QueryScalar[]) search.append(arrayKey, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  // URLSearchParams escapes the brackets; the backend accepts both, but the readable form is easier to debug.
  return search.toString().replace(/%5B/g, '[').replace(/%5D/g, ']');
}

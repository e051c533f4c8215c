import type { Scalar, Sort } from './read-store.port';

/**
 * The key a keyset page seeks past (FindOptions.after): the sort fields in order, a repeated field once, up to
 * the id, which ends every key (appended ascending when the sort does not name it), so that keys never tie.
 */
export function seekKey(sort: Sort = []): Sort {
  const key: Sort = [];
  for (const [field, direction] of sort) {
    if (key.some(([seen]) => seen === field)) continue;
    key.push([field, direction]);
    if (field === 'id') return key;
  }
  key.push(['id', 'asc']);
  return key;
}

/** The values of `seekKey(sort)` in a document: the `after` of the page that follows it. */
export function seekValues(doc: object, sort: Sort = []): Scalar[] {
  return seekKey(sort).map(([field]) => {
    let value: unknown = doc;
    for (const segment of field.split('.')) {
      value =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
    }
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw new Error(`Field "${field}" cannot be a key of a keyset page`);
  });
}

/** Checks an `after` against the key of the sort: one scalar per key field, a string id last. */
export function checkedAfter(after: unknown, sort: Sort = []): Scalar[] {
  const key = seekKey(sort);
  if (!Array.isArray(after) || after.length !== key.length) {
    throw new Error(`after needs ${key.length} values: ${key.map(([field]) => field).join(', ')}`);
  }
  after.forEach((value: unknown, index) => {
    const ok =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!ok) throw new Error(`after value for "${key[index][0]}" must be a string, number, boolean or null`);
  });
  if (typeof after[after.length - 1] !== 'string') throw new Error('after must end with a document id');
  return after as Scalar[];
}

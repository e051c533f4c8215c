/** Paging style B (docs/api.md §1.6): 1-based pages, totals in the body; a page past the end is empty. */
export function pageOf<T>(items: T[], page: number, size: number) {
  return {
    items: items.slice((page - 1) * size, page * size),
    total_items: items.length,
    total_pages: Math.ceil(items.length / size),
  };
}

export type Direction = 'asc' | 'desc';
type Sortable = string | number | boolean | null | undefined;

/** Compares by one key; missing values go last whatever the direction, as the console expects blanks at the end. */
export function compareBy<T>(key: (item: T) => Sortable, direction: Direction): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const order = x < y ? -1 : 1;
    return direction === 'asc' ? order : -order;
  };
}

export function thenBy<T>(...comparers: Array<(a: T, b: T) => number>): (a: T, b: T) => number {
  return (a, b) => {
    for (const compare of comparers) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

/** `order_by[]=<field>&order_by[]=ASC|DESC` against a table of sortable fields (docs/api.md §1.5). */
export function parseOrder<K extends string>(
  value: string[] | string | undefined,
  fields: readonly K[],
): { field: K; direction: Direction } | null | { error: string } {
  if (value === undefined) return null;
  const list = Array.isArray(value) ? value : value.split(',');
  if (list.length !== 2) return { error: 'order_by must be a field and a direction (ASC or DESC)' };
  const [field, direction] = list;
  if (!(fields as readonly string[]).includes(field))
    return { error: `order_by field must be one of: ${fields.join(', ')}` };
  if (direction !== 'ASC' && direction !== 'DESC') return { error: 'order_by direction must be ASC or DESC' };
  return { field: field as K, direction: direction === 'ASC' ? 'asc' : 'desc' };
}

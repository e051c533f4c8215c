/** Where an item sits in a paged list: a 0-based page and a 0-based row within it. */
export interface ListPosition {
  page: number;
  row: number;
}

/**
 * The item before or after `position` across pages (spec part 1, "Alert dialog"): from the first or last row
 * of a page it continues on the adjacent page; null at the absolute first or last item, or when the position
 * lies outside the list.
 */
export function adjacentPosition(
  position: ListPosition,
  direction: 'previous' | 'next',
  pageSize: number,
  totalItems: number,
): ListPosition | null {
  if (pageSize <= 0 || totalItems <= 0) return null;
  const index = position.page * pageSize + position.row;
  if (index < 0 || index >= totalItems) return null;
  const target = direction === 'next' ? index + 1 : index - 1;
  if (target < 0 || target >= totalItems) return null;
  return { page: Math.floor(target / pageSize), row: target % pageSize };
}

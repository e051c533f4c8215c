import { useState } from 'react';
import { adjacentPosition, type ListPosition } from './navigation';

export interface NavigableList<Row> {
  /** The page on screen (0-based). */
  page: number;
  pageSize: number;
  total: number;
  rows: readonly Row[];
  /** Whether `rows` is the settled content of `page`. */
  ready: boolean;
  idOf: (row: Row) => number;
  goToPage: (page: number) => void;
}

export interface ListNavigation<Row> {
  opened: boolean;
  /** The row shown in the detail view; the last one shown while the next page loads. */
  row: Row | null;
  /** True while the detail view waits for another page. */
  loading: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  open: (row: Row) => void;
  close: () => void;
  previous: () => void;
  next: () => void;
}

interface Selection extends ListPosition {
  /** The alert picked; followed if live alerts shift the rows of the page. */
  id: number | null;
}

/**
 * The detail view's place in a paged list: previous / next go row by row and, at the edge of a page, turn the
 * list's page (spec part 1 "Alert dialog"). Disabled at the absolute first and last item. Shared by the
 * Alerts review and the Events log, whose dialogs browse a server-paged list.
 */
export function useListNavigation<Row>(list: NavigableList<Row>): ListNavigation<Row> {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [lastShown, setLastShown] = useState<Row | null>(null);

  let index: number | null = null;
  if (selection && list.ready && selection.page === list.page && list.rows.length > 0) {
    const byId = selection.id === null ? -1 : list.rows.findIndex((row) => list.idOf(row) === selection.id);
    index = byId >= 0 ? byId : Math.min(selection.row, list.rows.length - 1);
  }
  const current = index === null ? null : list.rows[index];
  // Adjusting state while rendering (React's documented pattern): remember what is shown, and pin the alert
  // reached by previous / next so that live inserts do not move the view to another one.
  if (current !== null && current !== lastShown) setLastShown(current);
  if (current !== null && selection && index !== null && selection.id === null) {
    setSelection({ page: selection.page, row: index, id: list.idOf(current) });
  }

  const position: ListPosition | null =
    selection && index !== null ? { page: selection.page, row: index } : null;
  const previousPosition = position && adjacentPosition(position, 'previous', list.pageSize, list.total);
  const nextPosition = position && adjacentPosition(position, 'next', list.pageSize, list.total);

  const move = (target: ListPosition | null) => {
    if (!target) return;
    setSelection({ ...target, id: null });
    if (target.page !== list.page) list.goToPage(target.page);
  };

  return {
    opened: selection !== null,
    row: current ?? lastShown,
    loading: selection !== null && current === null,
    hasPrevious: previousPosition !== null,
    hasNext: nextPosition !== null,
    open: (row) => {
      const rowIndex = list.rows.indexOf(row);
      setLastShown(row);
      setSelection({ page: list.page, row: Math.max(0, rowIndex), id: list.idOf(row) });
    },
    close: () => {
      setSelection(null);
      setLastShown(null);
    },
    previous: () => move(previousPosition),
    next: () => move(nextPosition),
  };
}

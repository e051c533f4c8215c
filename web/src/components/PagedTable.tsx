import { LoadingOverlay, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Pager } from './Pager';

/** What a paged list hook gives a {@link PagedTable}. */
export interface PagedTableList<Item> {
  status: 'loading' | 'ready' | 'error';
  items: Item[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

interface PagedTableProps<Item> {
  list: PagedTableList<Item>;
  columns: readonly string[];
  /** Below this width the table scrolls sideways inside its container. */
  minWidth: number;
  testId: string;
  /** The cells of one item's row. */
  row: (item: Item) => ReactNode;
  rowProps: (item: Item) => { key: string | number } & Record<`data-${string}`, string | number>;
  /** Shown under the header when the list is ready and empty. */
  empty: string;
  pagerLabel: string;
}

/** A striped list table with its loading veil, empty state and pager: the shape every list screen shares. */
export function PagedTable<Item>({
  list,
  columns,
  minWidth,
  testId,
  row,
  rowProps,
  empty,
  pagerLabel,
}: PagedTableProps<Item>) {
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} pos="relative">
        <LoadingOverlay visible={list.status === 'loading'} />
        <Table striped highlightOnHover data-testid={testId} aria-busy={list.status === 'loading'}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.items.map((item) => {
              const { key, ...attributes } = rowProps(item);
              return (
                <Table.Tr key={key} {...attributes}>
                  {row(item)}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.status === 'ready' && list.items.length === 0 && <EmptyState>{empty}</EmptyState>}
      <Pager
        page={list.page}
        pageCount={list.pageCount}
        pageSize={list.pageSize}
        total={list.total}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        label={pagerLabel}
      />
    </>
  );
}

import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A compact two-column list of facts (label in dimmed text, then its value), as the asset detail modals of the
 * inventory and the network overview show them. Labels must be unique: they key the rows.
 */
export function LabelValueTable({
  rows,
  testId,
  labelWidth,
}: {
  rows: ReadonlyArray<readonly [string, ReactNode]>;
  testId: string;
  labelWidth: string;
}) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid={testId}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} c="dimmed" w={labelWidth}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

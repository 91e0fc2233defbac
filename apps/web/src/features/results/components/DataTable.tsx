import { useState, type ReactNode } from 'react';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCell } from '../format.ts';
import { paginate } from '../pagination.ts';
import { PaginationControls } from './PaginationControls.tsx';

export interface Column<Row> {
  /** Header text. */
  header: string;
  /** Cell content; by default the row's field of the same name, formatted by formatCell. */
  cell?: (row: Row) => ReactNode;
  field?: string;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  title: string;
  columns: Column<Row>[];
  /** The table's data; anything but an array renders nothing (spec section 8). */
  rows: unknown;
  testId?: string;
  description?: ReactNode;
  /** Width below which the table scrolls sideways instead of squeezing (narrow tables: 0). */
  minWidth?: number;
}

/** A titled, 20-rows-a-page table of the result detail. */
export function DataTable<Row>({ title, columns, rows, testId, description, minWidth = 480 }: DataTableProps<Row>) {
  const { t } = useTranslation('results');
  const [page, setPage] = useState(1);
  if (!Array.isArray(rows)) return null;
  const current = paginate(rows as Row[], page);
  return (
    <section data-testid={testId} aria-label={title}>
      <Title order={4} mb={4}>
        {title}
      </Title>
      {description}
      <Paper withBorder radius="md" mt="xs">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped verticalSpacing={6} horizontalSpacing="sm" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} style={column.numeric ? { textAlign: 'right', whiteSpace: 'nowrap' } : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text size="sm" c="dimmed">
                      {t('tables.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                current.rows.map((row, index) => (
                  <Table.Tr key={(current.page - 1) * 1000 + index}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.header}
                        style={column.numeric ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}
                      >
                        {column.cell
                          ? column.cell(row)
                          : formatCell((row as Record<string, unknown>)[column.field ?? column.header])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <PaginationControls page={current.page} pageCount={current.pageCount} onChange={setPage} />
    </section>
  );
}

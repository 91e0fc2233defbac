import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AutoToggle } from './AutoToggle.tsx';

export interface ParamRowView {
  key: string;
  label: string;
  hint?: string;
  auto: boolean;
  /** The Customize control, already disabled while auto is on. */
  input: ReactNode;
}

interface ParamTableProps {
  rows: ParamRowView[];
  toggleLabel: string;
  onToggle: (key: string) => void;
}

/** Parameter | auto toggle | Customize, one row per parameter. */
export function ParamTable({ rows, toggleLabel, onToggle }: ParamTableProps) {
  const { t } = useTranslation('wizard');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="34%">{t('page.parameter')}</Table.Th>
            <Table.Th w={100}>{toggleLabel}</Table.Th>
            <Table.Th>{t('page.customize')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-param={row.key}>
              <Table.Td>
                <Text fw={600} ff="monospace" size="sm">
                  {row.label}
                </Text>
                {row.hint && (
                  <Text size="xs" c="dimmed">
                    {row.hint}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <AutoToggle active={row.auto} label={toggleLabel} parameter={row.label} onToggle={() => onToggle(row.key)} />
              </Table.Td>
              <Table.Td>{row.input}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

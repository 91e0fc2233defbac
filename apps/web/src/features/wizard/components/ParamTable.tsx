import type { ReactNode } from 'react';
import { Group, Paper, Stack, Table, Text, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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

/** Parameter | auto toggle | Customize, one row per parameter; on phones one card per parameter (no sideways scroll). */
export function ParamTable({ rows, toggleLabel, onToggle }: ParamTableProps) {
  const { t } = useTranslation('wizard');
  const phone = useMediaQuery(`(max-width: ${em(575.98)})`) ?? false;
  if (phone) {
    return (
      <Stack gap="sm" data-testid="param-cards">
        {rows.map((row) => (
          <Paper key={row.key} withBorder radius="sm" p="sm" data-param={row.key}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.label}
                </Text>
                {row.hint && (
                  <Text size="xs" c="dimmed">
                    {row.hint}
                  </Text>
                )}
              </div>
              <AutoToggle active={row.auto} label={toggleLabel} parameter={row.label} onToggle={() => onToggle(row.key)} />
            </Group>
            <Stack gap={4} mt="xs">
              <Text size="xs" fw={600}>
                {t('page.customize')}
              </Text>
              {row.input}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
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

import { Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RANGE_INPUT_PATTERN } from '../target-form.ts';
import type { ManualClassRow } from '../state.ts';

interface ClassTableProps {
  rows: ManualClassRow[];
  onChange: (rows: ManualClassRow[]) => void;
  /** Prefix of the inputs' accessible names (e.g. the attribute the table belongs to). */
  label?: string;
}

/** Manual classes: title, minimum and maximum per class; bounds accept only -, digits and one point. */
export function ClassTable({ rows, onChange, label }: ClassTableProps) {
  const { t } = useTranslation('wizard');
  const set = (index: number, field: keyof ManualClassRow, value: string) => {
    if (field !== 'title' && !RANGE_INPUT_PATTERN.test(value)) return;
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  };
  const name = (field: string, index: number) => `${label ? `${label} ` : ''}${field} ${index + 1}`;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={6} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('classTable.class')}</Table.Th>
            <Table.Th>{t('classTable.title')}</Table.Th>
            <Table.Th w="24%">{t('classTable.min')}</Table.Th>
            <Table.Th w="24%">{t('classTable.max')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <TextInput size="xs" aria-label={name(t('classTable.title'), index)} value={row.title} onChange={(e) => set(index, 'title', e.currentTarget.value)} />
              </Table.Td>
              <Table.Td>
                <TextInput size="xs" inputMode="decimal" aria-label={name(t('classTable.min'), index)} value={row.min} onChange={(e) => set(index, 'min', e.currentTarget.value)} />
              </Table.Td>
              <Table.Td>
                <TextInput size="xs" inputMode="decimal" aria-label={name(t('classTable.max'), index)} value={row.max} onChange={(e) => set(index, 'max', e.currentTarget.value)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

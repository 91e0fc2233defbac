import { useState } from 'react';
import { Checkbox, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.tsx';
import { WizardPage } from '../components/WizardPage.tsx';
import { useGoBack } from '../components/useGoBack.ts';

interface SelectItemsPageProps<T extends string> {
  title: string;
  hint: string;
  items: readonly T[];
  /** The checkbox text of an item. */
  labelOf: (item: T) => string;
  importLabel: string;
  onImport: (selected: T[]) => void;
}

/** /selectpreprocessingstep and /selectmlstep: checkboxes, Select All and the Import button. */
export function SelectItemsPage<T extends string>({ title, hint, items, labelOf, importLabel, onImport }: SelectItemsPageProps<T>) {
  const { t } = useTranslation('wizard');
  const goBack = useGoBack();
  const [selected, setSelected] = useState<T[]>([]);
  const all = selected.length === items.length;
  const some = selected.length > 0 && !all;

  const toggle = (item: T, checked: boolean) =>
    setSelected((current) => (checked ? items.filter((i) => i === item || current.includes(i)) : current.filter((i) => i !== item)));

  const submit = () => {
    if (selected.length === 0) {
      notify.error(t('select.nothingSelected'));
      return;
    }
    onImport(selected);
    goBack();
  };

  return (
    <WizardPage title={title} intro={hint} onSave={submit} saveLabel={importLabel}>
      <Stack gap="sm">
        <Checkbox
          label={<Text fw={600}>{t('select.selectAll')}</Text>}
          checked={all}
          indeterminate={some}
          onChange={(event) => setSelected(event.currentTarget.checked ? [...items] : [])}
        />
        <Divider />
        {items.map((item) => (
          <Checkbox key={item} value={item} label={labelOf(item)} checked={selected.includes(item)} onChange={(event) => toggle(item, event.currentTarget.checked)} />
        ))}
      </Stack>
    </WizardPage>
  );
}

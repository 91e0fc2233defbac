import { useMemo, useState } from 'react';
import { ActionIcon, Button, Divider, Group, Paper, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS, manualClassProblems } from '@indicata/contracts';
import { notify } from '../lib/notify.tsx';
import { useUploadRecord, useWhoIndicatorLabels } from '../features/wizard/api.ts';
import { ClassTable } from '../features/wizard/components/ClassTable.tsx';
import { WizardPage } from '../features/wizard/components/WizardPage.tsx';
import { useGoBack } from '../features/wizard/components/useGoBack.ts';
import {
  availableIndicators,
  emptyEntry,
  entriesFromJson,
  entriesToJson,
  validateEntries,
  type DiscretizationEntry,
} from '../features/wizard/discretization-entries.ts';
import { applyWizard, useWizard } from '../features/wizard/state.ts';
import { resizeClassTable, saveFeatureDiscretization } from '../features/wizard/transitions.ts';
import { readerLocale } from '../lib/i18n.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const GROUP_OPTIONS = range(LIMITS.autoCategoriesMin, LIMITS.autoCategoriesMax);
const CLASS_OPTIONS = range(LIMITS.manualClassesMin, LIMITS.manualClassesMax);

/** Route /discretizacao: per-attribute discretization entries (automatic groups or manual classes). */
export default function DiscretizationPage() {
  const { t } = useTranslation('wizard');
  const goBack = useGoBack();
  const { state } = useWizard();
  // A manual table whose classes are empty or overlap is refused by the API; shown under its table (contracts job-checks).
  const classProblem = (entry: DiscretizationEntry): string | null => {
    if (entry.option !== 'manual' || entry.classes.some((row) => row.min.trim() === '' || row.max.trim() === '')) return null;
    const classes = entry.classes.map((row) => ({ title: row.title.trim(), min: Number(row.min), max: Number(row.max) }));
    return manualClassProblems(classes, readerLocale()).join(' ') || null;
  };
  const [entries, setEntries] = useState<DiscretizationEntry[]>(() => {
    const saved = entriesFromJson(state.groupsCategorizationFeatures);
    return saved.length > 0 ? saved : [emptyEntry()];
  });
  const labels = useWhoIndicatorLabels(state.useWho);
  const upload = useUploadRecord(state.useWho ? null : state.uploadId);

  const all = useMemo(() => {
    const base = state.useWho
      ? Object.entries(labels.data ?? {}).map(([code, label]) => ({ value: code, label: `${code} - ${label}` }))
      : (upload.data?.numericColumns ?? []).map((c) => ({ value: c, label: c }));
    // The target is cut by Target Selection, not here.
    return base.filter((item) => item.value !== state.targetCode);
  }, [state.useWho, labels.data, upload.data, state.targetCode]);

  const change = (index: number, patch: Partial<DiscretizationEntry>) =>
    setEntries((current) => current.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  const save = () => {
    const failed = validateEntries(entries);
    if (failed) {
      notify.error(t(`messages:${failed}`));
      return;
    }
    const refused = entries.map(classProblem).find((problem) => problem !== null);
    if (refused) {
      notify.error(refused);
      return;
    }
    applyWizard((s) => saveFeatureDiscretization(s, entriesToJson(entries)));
    notify.success(t('messages:discretizationSaved'));
    goBack();
  };

  return (
    <WizardPage title={t('common:routes.discretizacao')} intro={t('discretization.intro')} onSave={save}>
      <Stack gap="md">
        {entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('discretization.noAttributes')}
          </Text>
        )}
        {entries.map((entry, index) => {
          const name = t('discretization.attribute', { number: index + 1 });
          return (
            <Paper key={index} withBorder radius="md" p="md" data-testid={`attribute-${index + 1}`} bg="var(--mantine-color-gray-0)">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={650}>{name}</Text>
                  <Tooltip label={t('discretization.removeAttribute')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('discretization.removeAttribute')}: ${name}`}
                      onClick={() => setEntries((current) => current.filter((_, i) => i !== index))}
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Group grow align="flex-end">
                  <Select
                    label={t('discretization.indicator')}
                    aria-label={`${t('discretization.indicator')}: ${name}`}
                    placeholder={t('discretization.indicatorPlaceholder')}
                    data={availableIndicators(all, entries, index)}
                    value={entry.indicator || null}
                    onChange={(value) => change(index, { indicator: value ?? '' })}
                    allowDeselect={false}
                    searchable
                    limit={200}
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('discretization.option')}
                    </Text>
                    <SegmentedControl
                      aria-label={`${t('discretization.option')}: ${name}`}
                      value={entry.option || 'none'}
                      onChange={(value) => change(index, { option: value as 'automatic' | 'manual', groups: '', classes: [] })}
                      data={[
                        { value: 'automatic', label: t('discretization.automatic') },
                        { value: 'manual', label: t('discretization.manual') },
                      ]}
                    />
                  </Stack>
                </Group>
                {entry.option === 'automatic' && (
                  <Select
                    label={t('discretization.groups')}
                    aria-label={`${t('discretization.groups')}: ${name}`}
                    data={GROUP_OPTIONS}
                    value={entry.groups || null}
                    onChange={(value) => change(index, { groups: value ?? '' })}
                    allowDeselect={false}
                    maw={220}
                    searchable
                  />
                )}
                {entry.option === 'manual' && (
                  <>
                    <Select
                      label={t('discretization.classes')}
                      aria-label={`${t('discretization.classes')}: ${name}`}
                      data={CLASS_OPTIONS}
                      value={entry.classes.length > 0 ? String(entry.classes.length) : null}
                      onChange={(value) => value && change(index, { classes: resizeClassTable(entry.classes, Number(value)) })}
                      allowDeselect={false}
                      maw={220}
                      searchable
                    />
                    {entry.classes.length > 0 && <ClassTable rows={entry.classes} onChange={(classes) => change(index, { classes })} label={name} />}
                    {classProblem(entry) && (
                      <Text size="sm" c="red" role="alert">
                        {classProblem(entry)}
                      </Text>
                    )}
                  </>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Divider />
        <Group>
          <Button variant="light" onClick={() => setEntries((current) => [...current, emptyEntry()])}>
            {t('discretization.addAttribute')}
          </Button>
        </Group>
      </Stack>
    </WizardPage>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Grid, Group, MultiSelect, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dimensionLabel } from '../features/who/dimensionLabel.ts';
import { classSplitChecks, DISCRETIZATION_METHODS, formatMessage, LIMITS, TARGET_DIMENSIONS_MAX, type DiscretizationMethod, type PredictionMode } from '@indicata/contracts';
import { notify } from '../lib/notify.tsx';
import { targetClassPreviewQuery, useUploadRecord, useWhoIndicators } from '../features/wizard/api.ts';
import { ClassPreview } from '../features/wizard/components/ClassPreview.tsx';
import { ClassTable } from '../features/wizard/components/ClassTable.tsx';
import { WizardPage } from '../features/wizard/components/WizardPage.tsx';
import { useGoBack } from '../features/wizard/components/useGoBack.ts';
import { ALL_REGIONS, useWizard } from '../features/wizard/state.ts';
import {
  codesPatch,
  PERCENT_INPUT_PATTERN,
  previewRequestOf,
  quantilePatch,
  targetFieldProblems,
  targetFormFrom,
  targetPatch,
  validateTarget,
  type TargetForm,
} from '../features/wizard/target-form.ts';
import { resizeClassTable } from '../features/wizard/transitions.ts';
import { useReaderLocale } from '../lib/i18n.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const GROUP_OPTIONS = range(LIMITS.autoCategoriesMin, LIMITS.autoCategoriesMax);
const CLASS_OPTIONS = range(LIMITS.manualClassesMin, LIMITS.manualClassesMax);

/** Route /targetselection: the target indicator, its discretization, dimensions and the prediction option. */
export default function TargetSelectionPage() {
  const { t } = useTranslation('wizard');
  const goBack = useGoBack();
  const { state, update } = useWizard();
  const [form, setForm] = useState<TargetForm>(() => targetFormFrom(state));
  const set = (patch: Partial<TargetForm>) => setForm((current) => ({ ...current, ...patch }));

  const indicators = useWhoIndicators(state.useWho);
  const upload = useUploadRecord(state.useWho ? null : state.uploadId);
  const hasSource = state.useWho || state.uploadId !== null;
  const indicator = state.useWho ? indicators.data?.find((i) => i.code === form.targetCode) : undefined;

  const targetOptions = useMemo(() => {
    // An indicator without values cannot be a target: listed, but not selectable.
    if (state.useWho) return (indicators.data ?? []).map((i) => ({ value: i.code, label: `${i.indicator} (${i.code})`, disabled: i.coverage.observations === 0 }));
    return (upload.data?.numericColumns ?? []).map((c) => ({ value: c, label: c }));
  }, [state.useWho, indicators.data, upload.data]);
  const years = state.useWho ? (indicator?.years ?? []) : (upload.data?.yearValues ?? []);
  const regions = state.useWho ? (indicator?.regions ?? []) : (upload.data?.regionValues ?? []);

  const [debouncedForm] = useDebouncedValue(form, 400);
  const source = useMemo(() => ({ database: state.database, uploadId: state.uploadId, useWho: state.useWho }), [state.database, state.uploadId, state.useWho]);
  const previewRequest = useMemo(() => previewRequestOf(debouncedForm, source), [debouncedForm, source]);
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);

  const chooseTarget = (code: string | null) => {
    const label = state.useWho ? (indicators.data?.find((i) => i.code === code)?.indicator ?? '') : (code ?? '');
    set({ targetCode: code ?? '', targetLabel: label, targetDimensions: [], targetYear: '', targetRegion: '' });
  };

  const chooseMode = (mode: PredictionMode) => {
    // The two prediction options are exclusive: switching clears the other one's values.
    if (mode === 'spatialTemporal') set({ predictionMode: mode, testPercent: '' });
    else set({ predictionMode: mode, targetYear: '', targetRegion: '' });
  };

  const locale = useReaderLocale();
  const fieldProblems = targetFieldProblems(form, years, locale);

  /** Why the classes and split of the form cannot train or test, from the preview of exactly this form, or null. */
  const previewRefusal = async (): Promise<string | null> => {
    const request = previewRequestOf(form, source);
    if (!request?.split) return null;
    try {
      const preview = await queryClient.fetchQuery(targetClassPreviewQuery(request));
      return classSplitChecks(preview, locale).find((check) => check.refuse)?.message ?? null;
    } catch {
      // A preview that cannot be computed now (rate limit, network) does not block saving: the server checks the
      // same rule again when the job is submitted.
      return null;
    }
  };

  const save = async () => {
    const failed = validateTarget(form);
    if (failed) {
      notify.error(t(`messages:${failed}`));
      return;
    }
    const refused = fieldProblems.manualClasses ?? fieldProblems.testPercent ?? fieldProblems.targetYear;
    if (refused) {
      notify.error(refused);
      return;
    }
    setChecking(true);
    const reason = await previewRefusal().finally(() => setChecking(false));
    if (reason) {
      notify.error(formatMessage(t('target.refused'), { reason }));
      return;
    }
    update(targetPatch(form));
    notify.success(t('messages:targetImported'));
    goBack();
  };

  return (
    <WizardPage title={t('common:routes.targetselection')} intro={t('target.intro')} onSave={() => void save()} saving={checking} saveLabel={t('target.save')}>
      {!hasSource && (
        <Alert color="yellow" variant="light" mb="md">
          {t('target.noSource')}
        </Alert>
      )}
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Select
              label={t('target.indicator')}
              placeholder={state.useWho ? t('target.indicatorPlaceholder') : t('target.columnPlaceholder')}
              data={targetOptions}
              value={form.targetCode || null}
              onChange={chooseTarget}
              allowDeselect={false}
              searchable
              nothingFoundMessage={indicators.isPending && state.useWho ? t('target.loadingIndicators') : undefined}
              limit={200}
              maxDropdownHeight={320}
              disabled={!hasSource}
            />

            {state.useWho && (
              <MultiSelect
                label={t('target.dimensions')}
                description={t('target.dimensionsHint')}
                data={(indicator?.dimensions ?? []).map((key) => ({ value: key, label: dimensionLabel(key, t) }))}
                value={form.targetDimensions}
                onChange={(targetDimensions) => set({ targetDimensions })}
                maxValues={TARGET_DIMENSIONS_MAX}
                disabled={!indicator || indicator.dimensions.length === 0}
                clearable
              />
            )}

            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('target.discretization')}
              </Title>
              <SegmentedControl
                value={form.discretizationMode}
                onChange={(value) =>
                  set(value === 'manual' ? { discretizationMode: 'manual', groupsCategorization: null } : { discretizationMode: 'automatic', manualClasses: [] })
                }
                data={[
                  { value: 'automatic', label: t('target.automatic') },
                  { value: 'manual', label: t('target.manual') },
                ]}
                w="fit-content"
              />
              {form.discretizationMode === 'automatic' ? (
                // Side by side from a small tablet up; stacked on a phone, where two selects side by side clip their values.
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <Select
                    label={t('target.groups')}
                    data={GROUP_OPTIONS}
                    value={form.groupsCategorization === null ? null : String(form.groupsCategorization)}
                    onChange={(value) => value !== null && set({ groupsCategorization: Number(value) })}
                    // Picking the chosen count again keeps it (Mantine's default would clear a required field).
                    allowDeselect={false}
                    searchable
                    maxDropdownHeight={240}
                  />
                  <Select
                    label={t('target.method')}
                    data={DISCRETIZATION_METHODS.map((m) => ({ value: m, label: t(`target.methods.${m}`) }))}
                    value={form.discretizationMethod}
                    onChange={(value) => value && set({ discretizationMethod: value as DiscretizationMethod })}
                    allowDeselect={false}
                  />
                </SimpleGrid>
              ) : (
                <Stack gap="sm">
                  <Select
                    label={t('target.classes')}
                    data={CLASS_OPTIONS}
                    value={form.manualClasses.length > 0 ? String(form.manualClasses.length) : null}
                    onChange={(value) => value !== null && set({ manualClasses: resizeClassTable(form.manualClasses, Number(value)) })}
                    allowDeselect={false}
                    searchable
                    maxDropdownHeight={240}
                    maw={220}
                  />
                  {form.manualClasses.length > 0 && <ClassTable rows={form.manualClasses} onChange={(manualClasses) => set({ manualClasses })} />}
                  {fieldProblems.manualClasses && (
                    <Text size="sm" c="red" role="alert" data-testid="manual-classes-error">
                      {fieldProblems.manualClasses}
                    </Text>
                  )}
                </Stack>
              )}
            </Stack>

            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('target.prediction')}
              </Title>
              <Radio.Group value={form.predictionMode ?? ''} onChange={(value) => chooseMode(value as PredictionMode)}>
                <Group gap="xl">
                  <Radio value="spatialTemporal" label={t('target.byTime')} />
                  <Radio value="percentageTesting" label={t('target.byPercent')} />
                </Group>
              </Radio.Group>
              {form.predictionMode === 'spatialTemporal' && (
                <Group grow align="flex-start">
                  <Select
                    label={t('target.year')}
                    data={[...years].sort((a, b) => b - a).map(String)}
                    value={form.targetYear || null}
                    onChange={(value) => set({ targetYear: value ?? '' })}
                    allowDeselect={false}
                    error={fieldProblems.targetYear}
                    searchable
                  />
                  <Select
                    label={t('target.region')}
                    data={[{ value: ALL_REGIONS, label: t('target.regionAll') }, ...regions.filter((r) => r !== ALL_REGIONS)]}
                    value={form.targetRegion || null}
                    onChange={(value) => set({ targetRegion: value ?? '' })}
                    allowDeselect={false}
                    searchable
                  />
                </Group>
              )}
              {form.predictionMode === 'percentageTesting' && (
                <TextInput
                  label={t('target.percent')}
                  description={t('target.percentHint')}
                  error={fieldProblems.testPercent}
                  inputMode="numeric"
                  value={form.testPercent}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    if (PERCENT_INPUT_PATTERN.test(value)) set({ testPercent: value });
                  }}
                  maw={220}
                />
              )}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ClassPreview request={previewRequest} onUseQuantile={() => set(quantilePatch(form))} onUseCodes={(codes) => set(codesPatch(codes))} />
          {!state.useWho && upload.data && (
            <Text size="xs" c="dimmed" mt="md">
              {upload.data.fileName}
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </WizardPage>
  );
}

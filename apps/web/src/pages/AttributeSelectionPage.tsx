import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREPROCESSING_PARAM_KEYS } from '../features/wizard/build-job-data.ts';
import { SettingsPage } from '../features/wizard/pages/SettingsPage.tsx';
import { useUploadRecord, useWhoIndicatorLabels } from '../features/wizard/api.ts';
import { parseCodeList } from '../features/wizard/code-list.ts';
import { useWizard, type WizardState } from '../features/wizard/state.ts';
import { informationGainCeiling, isPearsonCutInRange } from '@indicata/contracts';

const KEYS = PREPROCESSING_PARAM_KEYS.AttributeSelection;

/** The wizard's target class count (0 while none is chosen), for the contracts' information-gain ceiling. */
function classCount(state: WizardState): number {
  return state.discretizationMode === 'manual' ? (state.manualClasses?.length ?? 0) : (state.groupsCategorization ?? 0);
}

/** Route /selecao: information gain, Pearson correlation cut and manual selection; toggles read "Disable". */
export default function AttributeSelectionPage() {
  const { t } = useTranslation('wizard');
  const { state } = useWizard();
  const labels = useWhoIndicatorLabels(state.useWho);
  const upload = useUploadRecord(state.useWho ? null : state.uploadId);
  const choices = state.useWho
    ? Object.entries(labels.data ?? {}).map(([code, label]) => ({ value: code, label: `${code} - ${label}` }))
    : (upload.data?.numericColumns ?? []).filter((c) => c !== state.targetCode).map((c) => ({ value: c, label: c }));

  return (
    <SettingsPage
      page="AttributeSelection"
      title={t('common:routes.selecao')}
      intro={t('selection.intro')}
      toggleLabel={t('disable')}
      savedMessage="attributeSelectionSaved"
      initial={{ [KEYS.manual]: state.indicatorsAnalyzingCode.join(', ') }}
      onSaved={(next, settings) => ({
        ...next,
        indicatorsAnalyzingCode: settings.auto[KEYS.manual] ? [] : parseCodeList(settings.values[KEYS.manual] ?? ''),
      })}
      fields={[
        {
          key: KEYS.informationGain,
          label: t('selection.informationGain'),
          hint: t('selection.informationGainHint'),
          control: {
            type: 'text',
            placeholder: '0.01',
            validate: (text) => {
              const value = Number(text);
              if (!(value > 0 && Number.isFinite(value))) return t('selection.positiveNumber');
              const classes = classCount(state);
              const most = informationGainCeiling({ classes, handPicked: state.indicatorsAnalyzingCode.length, targetHistory: state.targetHistory });
              return most !== null && value > most ? t('selection.gainAboveMost', { most: most.toFixed(3), count: classes }) : null;
            },
          },
        },
        {
          key: KEYS.pearson,
          label: t('selection.pearson'),
          hint: t('selection.pearsonHint'),
          control: {
            type: 'text',
            placeholder: '0.9',
            validate: (text) => (text.trim() !== '' && isPearsonCutInRange(Number(text)) ? null : t('selection.betweenZeroAndOne')),
          },
        },
        {
          key: KEYS.manual,
          label: t('selection.manual'),
          hint: t('selection.manualHint'),
          control: {
            type: 'custom',
            render: (value, disabled, onChange) => {
              const codes = parseCodeList(value);
              // Codes typed by hand stay pickable even when the catalog does not list them.
              const data = [...choices, ...codes.filter((c) => !choices.some((x) => x.value === c)).map((c) => ({ value: c, label: c }))];
              return (
                <Stack gap={6}>
                  <TextInput
                    aria-label={`${t('page.customize')}: ${t('selection.manual')}`}
                    disabled={disabled}
                    value={value}
                    placeholder={disabled ? t('disable') : 'WHOSIS_000001, MDG_0000000001'}
                    onChange={(event) => onChange(event.currentTarget.value)}
                  />
                  <MultiSelect
                    aria-label={t('selection.manualPicker')}
                    disabled={disabled}
                    data={data}
                    value={codes}
                    onChange={(next) => onChange(next.join(', '))}
                    placeholder={t('selection.manualPickerPlaceholder')}
                    searchable
                    clearable
                    limit={50}
                    maxDropdownHeight={260}
                  />
                </Stack>
              );
            },
          },
        },
      ]}
    />
  );
}

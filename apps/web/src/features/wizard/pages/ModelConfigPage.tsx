import { useState } from 'react';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeParamValues, formatMessage, JOB_LIMITS, modelConfigProblems, type MessageKey, type ModelFamily } from '@indicata/contracts';
import { notify } from '../../../lib/notify.tsx';
import { MODEL_PARAMS, firstUnconfiguredRfParameter, parseParamText, type ParamDef } from '../params.ts';
import { applyWizard } from '../state.ts';
import { saveConfigPage } from '../transitions.ts';
import { ParamTable } from '../components/ParamTable.tsx';
import { WizardPage } from '../components/WizardPage.tsx';
import { useGoBack } from '../components/useGoBack.ts';
import { useParamSettings } from '../components/useParamSettings.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

const CONFIRMATION: Record<ModelFamily, MessageKey> = {
  RF: 'rfConfigured',
  ANN: 'annConfigured',
  DT: 'dtConfigured',
  KNN: 'knnConfigured',
  SVM: 'svmConfigured',
};

const ROUTE_TITLE: Record<ModelFamily, string> = {
  RF: 'randomforest',
  ANN: 'ann',
  DT: 'decisiontree',
  KNN: 'knn',
  SVM: 'svm',
};

/** The configuration page of one model family (/randomforest, /ann, /decisiontree, /knn, /svm). */
export function ModelConfigPage({ family }: { family: ModelFamily }) {
  const { t } = useTranslation('wizard');
  const locale = useReaderLocale();
  const goBack = useGoBack();
  const defs = MODEL_PARAMS[family];
  const { settings, toggleAuto, setValue } = useParamSettings(
    family,
    defs.map((d) => d.key),
  );
  const [showErrors, setShowErrors] = useState(false);

  const invalid = (def: ParamDef) => !settings.auto[def.key] && !parseParamText(def.kind, settings.values[def.key] ?? '').ok;
  // Rules between parameters (RF's oob_score needs bootstrap), judged as the API judges the candidates it is sent.
  const combinationErrors = (): Record<string, string> => {
    const config: Record<string, unknown> = {};
    for (const def of defs) {
      const parsed = settings.auto[def.key] ? null : parseParamText(def.kind, settings.values[def.key] ?? '');
      config[def.field] = parsed && parsed.ok && parsed.values.length > 0 ? parsed.values : 'auto';
    }
    const problems = modelConfigProblems(family, config, JOB_LIMITS.candidatesMax, locale);
    return Object.fromEntries(problems.map((p) => [defs.find((d) => d.field === p.field)?.key ?? p.field, p.message]));
  };

  const save = () => {
    if (family === 'RF') {
      const missing = firstUnconfiguredRfParameter(settings.values, settings.auto);
      if (missing) {
        notify.error(formatMessage(t('messages:rfNeedsParameter'), { parameter: missing }));
        return;
      }
    }
    if (defs.some(invalid) || Object.keys(combinationErrors()).length > 0) {
      setShowErrors(true);
      notify.error(t('page.fixErrors'));
      return;
    }
    applyWizard((state) => saveConfigPage(state, family, settings));
    notify.success(t(`messages:${CONFIRMATION[family]}`));
    goBack();
  };

  const combined = showErrors ? combinationErrors() : {};
  const rows = defs
    .filter((def) => !def.hidden)
    .map((def) => {
      const auto = settings.auto[def.key];
      const value = settings.values[def.key] ?? '';
      const error = !showErrors
        ? undefined
        : invalid(def)
          ? t('page.invalidValue', { parameter: def.key, allowed: describeParamValues(def.param, locale) })
          : combined[def.key];
      const common = { 'aria-label': `${t('page.customize')}: ${def.key}`, disabled: auto, error, size: 'sm' as const };
      const input =
        def.kind.type === 'select' || def.kind.type === 'bool' ? (
          <Select
            {...common}
            data={
              def.kind.type === 'select'
                ? def.kind.options.map((o) => ({ value: o, label: o }))
                : [
                    { value: 'True', label: 'True' },
                    { value: 'False', label: 'False' },
                  ]
            }
            value={value || null}
            onChange={(v) => setValue(def.key, v ?? '')}
            placeholder={auto ? t('auto') : undefined}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            {...common}
            value={value}
            placeholder={auto ? t('auto') : def.placeholder}
            onChange={(event) => setValue(def.key, event.currentTarget.value)}
          />
        );
      return { key: def.key, label: def.key, hint: t(`paramHints.${def.key}`), auto, input };
    });

  return (
    <WizardPage title={t(`common:routes.${ROUTE_TITLE[family]}`)} intro={t(`modelIntro.${family}`)} onSave={save}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('page.autoHint')} {t('page.listHint')}
        </Text>
        <ParamTable rows={rows} toggleLabel={t('auto')} onToggle={toggleAuto} />
      </Stack>
    </WizardPage>
  );
}

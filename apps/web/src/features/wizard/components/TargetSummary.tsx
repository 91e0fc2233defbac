import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMessage, indicatorName, whoColumnName } from '@indicata/contracts';
import { useWhoLabels } from '../../who/api.ts';
import { ALL_REGIONS, type WizardState } from '../state.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

/**
 * The target in words: a WHO indicator by its name, its one chosen dimension and its code ("Life expectancy at birth
 * (years), female (WHOSIS_000001-SEX_FMLE)"), from the catalog's labels, since a cloned job brings only the code;
 * an upload's column as it is.
 */
function targetText(state: WizardState, labels: Record<string, string> | undefined, locale: 'en' | 'pt-BR'): string {
  if (!state.targetCode) return '';
  if (!state.useWho) return state.targetCode;
  const names = { ...(state.targetLabel ? { [state.targetCode]: state.targetLabel } : {}), ...labels };
  const column = whoColumnName(state.targetCode, state.targetDimensions.length === 1 ? state.targetDimensions[0] : '');
  return indicatorName(column, names, locale, { withCode: true });
}

/** The read-only Current Target of Step 1.3 and a one-line summary of its split and classes. */
export function TargetSummary({ state }: { state: WizardState }) {
  const { t } = useTranslation('wizard');
  const f = (key: string, values: Record<string, string | number>) => formatMessage(t(key), values);
  const labels = useWhoLabels(state.useWho && state.targetCode !== '');
  const locale = useReaderLocale();
  const value = targetText(state, labels.data, locale);
  const details: string[] = [];
  if (state.targetYear) {
    details.push(state.targetRegion && state.targetRegion !== ALL_REGIONS ? f('step13.byYearRegion', { year: state.targetYear, region: state.targetRegion }) : f('step13.byYear', { year: state.targetYear }));
  } else if (state.testPercent) {
    details.push(f('step13.byPercent', { percent: state.testPercent }));
  }
  if (state.discretizationMode === 'manual' && state.manualClasses && state.manualClasses.length > 0) {
    details.push(f('step13.manualClasses', { count: state.manualClasses.length }));
  } else if (state.groupsCategorization !== null) {
    details.push(f('step13.groups', { count: state.groupsCategorization, method: t(`target.methods.${state.discretizationMethod}`) }));
  }
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 260 }}>
      <TextInput label={t('step13.current')} value={value} placeholder={t('step13.none')} readOnly data-testid="current-target" />
      {details.length > 0 && (
        <Text size="xs" c="dimmed">
          {details.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

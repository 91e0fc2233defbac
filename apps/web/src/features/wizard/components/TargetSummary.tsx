import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@indicata/contracts';
import { ALL_REGIONS, type WizardState } from '../state.ts';

/** The read-only Current Target of Step 1.3 and a one-line summary of its split and classes. */
export function TargetSummary({ state }: { state: WizardState }) {
  const { t } = useTranslation('wizard');
  const f = (key: string, values: Record<string, string | number>) => formatMessage(t(key), values);
  const value = state.targetCode
    ? state.targetLabel && state.targetLabel !== state.targetCode
      ? `${state.targetCode} - ${state.targetLabel}`
      : state.targetCode
    : '';
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

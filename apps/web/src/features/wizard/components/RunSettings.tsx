import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS, PREDICTION_SET_LEVELS, TARGET_HISTORY_MODES, type TargetHistoryMode } from '@indicata/contracts';
import type { WizardState } from '../state.ts';
import { SectionCard } from './SectionCard.tsx';

/** Whether a typed seed is acceptable: empty (the server chooses) or a whole number in range. */
export function isValidSeedText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (/^\d+$/.test(trimmed) && Number(trimmed) <= LIMITS.jobSeedMax);
}

/** The run's search time budget, seed, target history and prediction-set level (step 4 of the Configure tab). */
export function RunSettings({ state, update }: { state: WizardState; update: (patch: Partial<WizardState>) => void }) {
  const { t } = useTranslation('jobs');
  return (
    <SectionCard marker="4" title={t('settings.title')} description={t('settings.description')} testId="step-run-settings">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('settings.budget')}
          description={t('settings.budgetDescription')}
          value={state.budgetSeconds}
          min={LIMITS.jobBudgetSecondsMin}
          max={LIMITS.jobBudgetSecondsMax}
          step={30}
          suffix=" s"
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          onChange={(value) => {
            const seconds = typeof value === 'number' ? value : Number(value);
            if (Number.isInteger(seconds) && seconds >= LIMITS.jobBudgetSecondsMin && seconds <= LIMITS.jobBudgetSecondsMax) {
              update({ budgetSeconds: seconds });
            }
          }}
          data-testid="budget-seconds"
        />
        <TextInput
          label={t('settings.seed')}
          description={t('settings.seedDescription')}
          value={state.seed}
          inputMode="numeric"
          error={isValidSeedText(state.seed) ? undefined : t('settings.seedInvalid', { max: LIMITS.jobSeedMax })}
          onChange={(event) => update({ seed: event.currentTarget.value })}
          data-testid="seed"
        />
        <Select
          label={t('settings.targetHistory')}
          description={t('settings.targetHistoryDescription')}
          data={TARGET_HISTORY_MODES.map((mode) => ({ value: mode, label: t(`settings.targetHistoryModes.${mode}`) }))}
          value={state.targetHistory}
          allowDeselect={false}
          onChange={(value) => value && update({ targetHistory: value as TargetHistoryMode })}
          data-testid="target-history"
        />
        <Select
          label={t('settings.predictionSetLevel')}
          description={t('settings.predictionSetLevelDescription')}
          data={PREDICTION_SET_LEVELS.map((level) => ({ value: String(level), label: t('settings.predictionSetLevelValue', { percent: Math.round(level * 100) }) }))}
          value={String(state.predictionSetLevel)}
          allowDeselect={false}
          onChange={(value) => value && update({ predictionSetLevel: Number(value) })}
          data-testid="prediction-set-level"
        />
      </SimpleGrid>
    </SectionCard>
  );
}

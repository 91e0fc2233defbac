import { useRef } from 'react';
import { Alert, Anchor, Button, Center, Divider, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODEL_FAMILIES, PREPROCESSING_STEPS, formatMessage } from '@indicata/contracts';
import QuestionsPanel from '../questions/QuestionsPanel.tsx';
import { useWhoStatus } from '../who/api.ts';
import { WhoVintageText } from '../who/WhoVintageText.tsx';
import { ItemRow } from './components/ItemRow.tsx';
import { SectionCard } from './components/SectionCard.tsx';
import { MODEL_ROUTES, STEP_ROUTES } from './routes.ts';
import { useWizard, withWho, withoutSource } from './state.ts';
import { useSubmitRequest } from './useSubmitRequest.ts';
import { nameTooLong } from './submit.ts';
import { TargetSummary } from './components/TargetSummary.tsx';
import { RunSettings } from './components/RunSettings.tsx';
import { isDemoUser, useCurrentUser } from '../auth/useCurrentUser.ts';
import {
  disableModel,
  disableStep,
  setModelAuto,
  setModelsAuto,
  setPreprocessingAuto,
  setStepAuto,
} from './transitions.ts';

/** Home's Configure AutoML tab: the request-in-progress, in the spec's order, and Run AutoML. */
export default function ConfigureAutoMLTab() {
  const { t } = useTranslation('wizard');
  const { t: tJobs } = useTranslation('jobs');
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, update, apply } = useWizard();
  const whoStatus = useWhoStatus();
  const whoUnavailable = whoStatus.data !== undefined && !whoStatus.data.available;
  const nameInput = useRef<HTMLInputElement>(null);
  const { submit: run, sending } = useSubmitRequest(
    'jobQueued',
    () => {
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      navigate('/home?tab=results');
    },
    'jobQueuedDetail',
    // The field already says what is wrong: bring it into view instead of repeating it in a notification.
    { onNameTooLong: () => nameInput.current?.focus() },
  );
  const longName = nameTooLong(state.name);

  const sourceText = state.useWho
    ? t('step11.sourceWho')
    : state.uploadId
      ? formatMessage(t('step11.sourceFile'), { fileName: state.fileName ?? state.database })
      : t('step11.sourceNone');

  return (
    <Stack gap="lg" maw={980}>
      {isDemoUser(user) && (
        <Alert color="blue" variant="light" title={tJobs('demo.title')} data-testid="demo-wizard-notice">
          {tJobs('demo.text')}
        </Alert>
      )}
      <TextInput
        label={t('name.label')}
        description={t('name.description')}
        placeholder={t('name.placeholder')}
        value={state.name}
        onChange={(event) => update({ name: event.currentTarget.value })}
        error={longName ? t('name.tooLong', { ...longName }) : undefined}
        ref={nameInput}
        data-testid="job-name"
        size="md"
        maw={520}
      />

      <SectionCard marker="1.1" title={t('step11.title')} description={t('step11.description')} testId="step-data">
        <Group gap="lg" align="center">
          <Switch
            label={t('step11.useWho')}
            checked={state.useWho}
            disabled={whoUnavailable && !state.useWho}
            onChange={(event) => apply(event.currentTarget.checked ? withWho : withoutSource)}
            size="md"
          />
          <Button variant="default" onClick={() => navigate('/uploadcsv')}>
            {t('step11.importDatabase')}
          </Button>
          {state.useWho && (
            <Anchor component={Link} to="/whoimport" size="sm">
              {t('step11.chooseWhoIndicators')}
            </Anchor>
          )}
        </Group>
        {state.useWho && <WhoVintageText vintages={whoStatus.data?.vintages} prefix={t('step11.whoVintage')} />}
        {whoUnavailable && (
          <Alert color="yellow" variant="light" title={t('step11.whoUnavailable')}>
            {whoStatus.data?.howToFill ? formatMessage(t('step11.whoUnavailableHint'), { howToFill: whoStatus.data.howToFill }) : null}
          </Alert>
        )}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('step11.currentSource')}:
          </Text>
          <Text size="sm" fw={600} data-testid="current-source">
            {sourceText}
          </Text>
          {state.indicatorsAnalyzingCode.length > 0 && (
            <Text size="sm" c="dimmed">
              · {formatMessage(t('step11.featuresChosen'), { count: state.indicatorsAnalyzingCode.length })}
            </Text>
          )}
        </Group>
      </SectionCard>

      <SectionCard marker="1.2" title={t('step12.title')} description={t('step12.description')} testId="step-questions">
        <QuestionsPanel />
      </SectionCard>

      <SectionCard marker="1.3" title={t('step13.title')} description={t('step13.description')} testId="step-target">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Button onClick={() => navigate('/targetselection')}>{t('step13.configure')}</Button>
          <TargetSummary state={state} />
        </Group>
      </SectionCard>

      <SectionCard
        marker="2"
        title={t('step2.title')}
        description={t('step2.description')}
        testId="step-preprocessing"
        aside={
          <Switch
            label={t('auto')}
            aria-label={`${t('auto')}: ${t('step2.title')}`}
            checked={state.preprocessingAuto}
            onChange={(event) => apply((s) => setPreprocessingAuto(s, event.currentTarget.checked))}
            size="md"
          />
        }
      >
        {!state.preprocessingAuto && (
          <Stack gap={0}>
            {PREPROCESSING_STEPS.filter((step) => state.preprocessingSteps.includes(step)).map((step, index) => (
              <div key={step}>
                {index > 0 && <Divider />}
                <ItemRow
                  code={step}
                  label={t(`steps.${step}`)}
                  auto={state.stepAuto[step]}
                  onAuto={() => apply((s) => setStepAuto(s, step))}
                  onConfigure={() => navigate(STEP_ROUTES[step])}
                  onDisable={() => apply((s) => disableStep(s, step))}
                />
              </div>
            ))}
            {state.preprocessingSteps.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('step2.empty')}
              </Text>
            )}
          </Stack>
        )}
        <Group>
          <Button variant="light" onClick={() => navigate('/selectpreprocessingstep')} disabled={state.preprocessingAuto}>
            {t('step2.addStep')}
          </Button>
        </Group>
      </SectionCard>

      <SectionCard
        marker="3"
        title={t('step3.title')}
        description={t('step3.description')}
        testId="step-models"
        aside={
          <Switch
            label={t('auto')}
            aria-label={`${t('auto')}: ${t('step3.title')}`}
            checked={state.modelsAuto}
            onChange={(event) => apply((s) => setModelsAuto(s, event.currentTarget.checked))}
            size="md"
          />
        }
      >
        {!state.modelsAuto && (
          <Stack gap={0}>
            {MODEL_FAMILIES.filter((model) => state.models.includes(model)).map((model, index) => (
              <div key={model}>
                {index > 0 && <Divider />}
                <ItemRow
                  code={model}
                  label={t(`models.${model}`)}
                  auto={state.modelAuto[model]}
                  onAuto={() => apply((s) => setModelAuto(s, model))}
                  onConfigure={() => navigate(MODEL_ROUTES[model])}
                  onDisable={() => apply((s) => disableModel(s, model))}
                />
              </div>
            ))}
            {state.models.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('step3.empty')}
              </Text>
            )}
          </Stack>
        )}
        <Group>
          <Button variant="light" onClick={() => navigate('/selectmlstep')} disabled={state.modelsAuto}>
            {t('step3.addModel')}
          </Button>
        </Group>
      </SectionCard>

      <RunSettings state={state} update={update} />

      <Group justify="flex-end" mih={52}>
        {sending ? (
          <Center role="status" aria-live="polite" px="xl">
            <Loader size="md" aria-label={t('run.sending')} />
          </Center>
        ) : (
          <Button size="lg" onClick={() => void run()} disabled={isDemoUser(user)} data-testid="run-automl">
            {t('run.button')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

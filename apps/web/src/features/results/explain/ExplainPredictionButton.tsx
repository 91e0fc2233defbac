import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IndicatorNames, Prediction } from '@indicata/contracts';
import { ExplanationView } from './ExplanationPanel.tsx';

/**
 * The "Why?" button of an explained prediction (a gap filled or a new row): opens a dialog with the same waterfall and
 * table as a test row's, drawn from the explanation the prediction API already returned (its largest contributions;
 * the others summed in one step). Mounted only while open or closing, and opened after mounting, as ExplainRowButton.
 * @param prediction the prediction, with its explanation
 * @param model the model that predicted it
 * @param names the job's indicator names
 */
export function ExplainPredictionButton({ prediction, model, names }: { prediction: Prediction; model: string; names: IndicatorNames }) {
  const { t, i18n } = useTranslation('results');
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) open();
  }, [mounted, open]);
  const explanation = prediction.explanation;
  if (!explanation) return null;
  const values = { model, predicted: prediction.label, place: prediction.space ?? '—', year: prediction.time ?? '—' };
  return (
    <>
      <Button variant="subtle" size="compact-xs" onClick={() => (mounted ? open() : setMounted(true))} aria-label={t('explain.buttonLabel', values)} aria-haspopup="dialog" data-testid={`explain-prediction-${prediction.row}`}>
        {t('explain.button')}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} onExitTransitionEnd={() => setMounted(false)} title={t('explain.title', values)} size="xl" closeButtonProps={{ 'aria-label': t('explain.close') }}>
          {opened && (
            <ExplanationView
              model={model}
              predicted={prediction.label}
              probability={prediction.probabilities[prediction.classIndex] ?? 0}
              explanation={explanation}
              inputs={null}
              actual={null}
              names={names}
              locale={i18n.language === 'pt-BR' ? 'pt-BR' : 'en'}
            />
          )}
        </Modal>
      )}
    </>
  );
}

import type { IndicatorNames, Prediction } from '@indicata/contracts';
import { ExplanationView } from './ExplanationPanel.tsx';
import { WhyDialogButton } from './WhyDialogButton.tsx';
import { useReaderLocale } from '../../../lib/i18n.ts';

/**
 * The "Why?" button of an explained new row: opens a dialog with the same waterfall and table as a test row's, drawn
 * from the explanation the prediction API already returned (its largest contributions; the others summed in one step).
 * @param prediction the prediction, with its explanation
 * @param model the model that predicted it
 * @param names the job's indicator names
 */
export function ExplainPredictionButton({ prediction, model, names }: { prediction: Prediction; model: string; names: IndicatorNames }) {
  const locale = useReaderLocale();
  const explanation = prediction.explanation;
  if (!explanation) return null;
  return (
    <WhyDialogButton
      values={{ model, predicted: prediction.label, place: prediction.space ?? '—', year: prediction.time ?? '—' }}
      testId={`explain-prediction-${prediction.row}`}
      body={() => (
        <ExplanationView
          model={model}
          predicted={prediction.label}
          probability={prediction.probabilities[prediction.classIndex] ?? 0}
          explanation={explanation}
          inputs={null}
          actual={null}
          names={names}
          locale={locale}
        />
      )}
    />
  );
}

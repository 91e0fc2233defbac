import type { PredictionModel } from '@indicata/contracts';
import type { ExplainAsk, ExplainTarget } from './explainApi.ts';
import { ExplanationPanel } from './ExplanationPanel.tsx';
import { WhyDialogButton } from './WhyDialogButton.tsx';

/**
 * The "Why?" button of a test prediction or a gap filled: opens a dialog with the row's explanation, computed by the
 * server from the saved model when opened.
 * @param ask the row for the server: a test row's position in the model's test predictions, or a place and year
 * @param shown what the row's table shows: its predicted class, place, year and actual class (null: none)
 */
export function ExplainRowButton({
  target,
  model,
  ask,
  shown,
  testId,
}: {
  target: ExplainTarget;
  model: PredictionModel;
  ask: ExplainAsk;
  shown: { predicted: string; place: string; year: number | string; actual: string | null };
  testId: string;
}) {
  return (
    <WhyDialogButton
      values={{ model, predicted: shown.predicted, place: shown.place, year: shown.year }}
      testId={testId}
      body={() => <ExplanationPanel target={target} model={model} ask={ask} actual={shown.actual} />}
    />
  );
}

import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PredictionModel } from '@indicata/contracts';
import type { ExplainAsk, ExplainTarget } from './explainApi.ts';
import { ExplanationPanel } from './ExplanationPanel.tsx';

/**
 * The "Why?" button of a test prediction or a gap filled: opens a dialog with the row's explanation, computed by the
 * server from the saved model when opened. A native button in the table's tab order; the dialog traps the focus, closes on Escape
 * and gives the focus back to the button. The dialog is mounted only from its opening to the end of its closing
 * transition: a results table has a button per row, and every mounted dialog adds a portal node to the page. It is
 * mounted closed and opened on the next render, as the dialog notes the focused element (to give the focus back) when
 * it opens, not when it is mounted open.
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
  const { t } = useTranslation('results');
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) open();
  }, [mounted, open]);
  const values = { model, predicted: shown.predicted, place: shown.place, year: shown.year };
  return (
    <>
      <Button variant="subtle" size="compact-xs" onClick={() => (mounted ? open() : setMounted(true))} aria-label={t('explain.buttonLabel', values)} aria-haspopup="dialog" data-testid={testId}>
        {t('explain.button')}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} onExitTransitionEnd={() => setMounted(false)} title={t('explain.title', values)} size="xl" closeButtonProps={{ 'aria-label': t('explain.close') }}>
          {opened && <ExplanationPanel target={target} model={model} ask={ask} actual={shown.actual} />}
        </Modal>
      )}
    </>
  );
}

import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PredictionRow, ResultAlgorithm } from '@indicata/contracts';
import type { ExplainTarget } from './explainApi.ts';
import { ExplanationPanel } from './ExplanationPanel.tsx';

/**
 * The "Why?" button of a test prediction: opens a dialog with the row's explanation, computed by the server from the
 * saved model when opened. A native button in the table's tab order; the dialog traps the focus, closes on Escape
 * and gives the focus back to the button. The dialog is mounted only from its opening to the end of its closing
 * transition: a results table has a button per row, and every mounted dialog adds a portal node to the page. It is
 * mounted closed and opened on the next render, as the dialog notes the focused element (to give the focus back) when
 * it opens, not when it is mounted open.
 * @param row the prediction as the results list it
 * @param index its position in the model's test predictions (the server's `row`)
 */
export function ExplainRowButton({ target, model, row, index }: { target: ExplainTarget; model: ResultAlgorithm; row: PredictionRow; index: number }) {
  const { t } = useTranslation('results');
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) open();
  }, [mounted, open]);
  const values = { model, predicted: row.predicted, place: row.space, year: row.time };
  return (
    <>
      <Button variant="subtle" size="compact-xs" onClick={() => (mounted ? open() : setMounted(true))} aria-label={t('explain.buttonLabel', values)} aria-haspopup="dialog" data-testid={`explain-${model}-${index}`}>
        {t('explain.button')}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} onExitTransitionEnd={() => setMounted(false)} title={t('explain.title', values)} size="xl" closeButtonProps={{ 'aria-label': t('explain.close') }}>
          {opened && <ExplanationPanel target={target} model={model} row={row} index={index} />}
        </Modal>
      )}
    </>
  );
}

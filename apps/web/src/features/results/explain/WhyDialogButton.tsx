import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A "Why?" button and its dialog. A native button in the table's tab order; the dialog traps the focus, closes on
 * Escape and gives the focus back to the button. The dialog is mounted only from its opening to the end of its closing
 * transition (a table has a button per row, and every mounted dialog adds a portal node to the page), and it is mounted
 * closed and opened on the next render: the dialog notes the focused element (to give the focus back) when it opens,
 * not when it is mounted open. When the dialog closes without a transition (the reader asked for reduced motion), it
 * is unmounted before Mantine's deferred return of the focus can run, so the button takes the focus back itself.
 * @param values the words of the button's label and the dialog's title: model, predicted class, place, year
 * @param body the dialog's content, rendered only while it is open
 */
export function WhyDialogButton({ values, testId, body }: { values: { model: string; predicted: string; place: string; year: number | string }; testId: string; body: () => ReactNode }) {
  const { t } = useTranslation('results');
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closed = () => {
    setMounted(false);
    button.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (mounted) open();
  }, [mounted, open]);
  return (
    <>
      <Button ref={button} variant="subtle" size="compact-xs" onClick={() => (mounted ? open() : setMounted(true))} aria-label={t('explain.buttonLabel', values)} aria-haspopup="dialog" data-testid={testId}>
        {t('explain.button')}
      </Button>
      {mounted && (
        <Modal opened={opened} onClose={close} onExitTransitionEnd={closed} title={t('explain.title', values)} size="xl" closeButtonProps={{ 'aria-label': t('explain.close') }}>
          {opened && body()}
        </Modal>
      )}
    </>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';

/** Toast messages for the spec's alerts (success and error), announced to screen readers. */
export const notify = {
  success(message: string, title?: string): void {
    notifications.show({ message, title, color: 'teal', autoClose: 5000, withCloseButton: true });
  },
  error(message: string, title?: string): void {
    notifications.show({ message, title, color: 'red', autoClose: 8000, withCloseButton: true });
  },
  info(message: string, title?: string): void {
    notifications.show({ message, title, color: 'blue', autoClose: 5000, withCloseButton: true });
  },
};

export interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * A modal yes/no dialog (focus trapped, Escape cancels); resolves true only on the confirm button.
 * Replaces the first version's window.confirm for the spec's confirmation dialogs.
 */
export function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title ?? i18next.t('common:confirmTitle'),
      centered: true,
      // The second click of a double click on the button that opened the dialog lands on its overlay once it is up
      // (on a busy machine it is up between the two clicks): that must not answer "Cancel" for the person.
      closeOnClickOutside: false,
      children: <Text size="sm">{message}</Text>,
      labels: {
        confirm: options.confirmLabel ?? i18next.t('common:actions.yes'),
        cancel: options.cancelLabel ?? i18next.t('common:actions.cancel'),
      },
      confirmProps: { 'data-autofocus': true } as Record<string, unknown>,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-error.ts';
import { enLocale } from '@indicata/contracts';

/**
 * The text to show a person for a failed call, in the current language: a known `code` (a MessageKey or an
 * error kind) is translated; otherwise the server's own message is shown, as it names the problem.
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError) {
    if (error.code in enLocale.messages) return t(`messages:${error.code}`);
    if (error.code in enLocale.errors) {
      // A generic kind with a more specific server message: the specific one helps more.
      const generic = (enLocale.errors as Record<string, string>)[error.code];
      if (error.message && error.message !== generic && error.status !== 0 && error.status < 500) return error.message;
      return t(`errors:${error.code}`);
    }
    return error.message || t('errors:unexpected');
  }
  return t('errors:unexpected');
}

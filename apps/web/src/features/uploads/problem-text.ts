import type { TFunction } from 'i18next';
import { MESSAGES, csvProblemKeys, type CsvProblem } from '@indicata/contracts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';

/**
 * The translated text of a CSV problem: a spec message (messages namespace) or an upload detail message, a malformed
 * file's detail after the spec's "CSV file is empty or malformed."
 */
export function csvProblemText(problem: CsvProblem, t: TFunction): string {
  const values = problem.values ?? {};
  return csvProblemKeys(problem)
    .map((key) => (key in MESSAGES ? t(`messages:${key}`, values) : t(`uploads:problems.${key}`, values)))
    .join(' ');
}

/**
 * The text for a failed upload: a refusal (4xx) shows the server's reason (translated when it has no
 * placeholder values to fill, else the server's English text, which names the column or line); a failure of
 * the service itself shows the spec's upload-failure message.
 */
export function uploadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    const template = (MESSAGES as Record<string, string>)[error.code];
    if (template !== undefined && !template.includes('{')) return t(`messages:${error.code}`);
    if (error.code === 'read_only_demo' || error.code === 'unauthenticated' || error.code === 'permission_denied') return apiErrorText(error, t);
    return error.message;
  }
  return t('messages:uploadFailed');
}

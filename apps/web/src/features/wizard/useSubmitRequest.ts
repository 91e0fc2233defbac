import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobListItem, MessageKey } from '@indicata/contracts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { confirm, notify } from '../../lib/notify.tsx';
import { useWizard } from './state.ts';
import { prepareJob, submitJob, SubmissionKeys } from './submit.ts';
import { readerLocale } from '../../lib/i18n.ts';

/**
 * The spec's submit flow, shared by Run AutoML and the confirm screen: the checks (first failure shown),
 * the confirmation dialog (cancel sends nothing), the loading state while sending (cleared on failure too),
 * the success message, and the job remembered as the request's last one.
 * @param successMessage the message key shown once the job is queued (the spec's text)
 * @param onQueued called with the queued job (e.g. to open the Results tab)
 * @param successDetail a message key shown under it, given the job's name (the spec's text becomes the title)
 * @param options.onNameTooLong the page shows the name field with its error: called instead of a second message
 */
export function useSubmitRequest(successMessage: MessageKey, onQueued?: (job: JobListItem) => void, successDetail?: MessageKey, options: { onNameTooLong?: () => void } = {}) {
  const { t } = useTranslation('wizard');
  const { state, update } = useWizard();
  const [sending, setSending] = useState(false);
  const keys = useRef(new SubmissionKeys());
  // From the click until the answer: a second click (a double click on Run AutoML) opens no second dialog.
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await checkConfirmAndSend();
    } finally {
      busy.current = false;
    }
  };

  const checkConfirmAndSend = async () => {
    // The report and the e-mail are written in the language the job is submitted in.
    const prepared = prepareJob(state, readerLocale());
    if (!prepared.ok) {
      if ('message' in prepared) notify.error(t(`messages:${prepared.message}`));
      else if ('noModels' in prepared) notify.error(t('run.noModels'));
      else if ('nameTooLong' in prepared) {
        if (options.onNameTooLong) options.onNameTooLong();
        else notify.error(t('name.tooLong', { ...prepared.nameTooLong }));
      } else notify.error(t('run.invalid', { detail: prepared.detail }));
      return;
    }
    if (!(await confirm(t('messages:confirmSubmit')))) {
      console.info(t('messages:logSubmitCancelled'));
      return;
    }
    setSending(true);
    try {
      const job = await submitJob(prepared.request, keys.current.keyFor(prepared.request));
      keys.current.queued();
      // The next request starts with an empty name, not this job's.
      update({ lastJobId: job.id, name: '' });
      if (successDetail) notify.success(t(`messages:${successDetail}`, { name: job.name }), t(`messages:${successMessage}`));
      else notify.success(t(`messages:${successMessage}`));
      onQueued?.(job);
    } catch (error) {
      // submitJob has logged the failure already.
      notify.error(apiErrorText(error, t));
    } finally {
      setSending(false);
    }
  };

  return { submit, sending };
}

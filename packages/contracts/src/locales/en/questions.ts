import { MESSAGES } from '../../messages.ts';

/** Step 1.2 Domain Understanding (Home), the New Question page (/questions) and the report's provider notes. */
export const questions = {
  panel: {
    title: 'Step 1.2 Domain Understanding',
    newQuestion: 'New Question',
    viewAnswers: 'View Answers',
    hideAnswers: 'Hide Answers',
    loading: MESSAGES.loadingQuestions,
    empty: MESSAGES.noQuestions,
    badgeWho: 'WHO',
    badgeOther: 'Other Database',
    pendingAnswer: '...',
    failedAnswer: 'The assistant could not answer this question.',
    delete: 'Delete',
    deleteTitle: 'Delete question',
    deleteConfirm: 'Remove this question and its answer?',
    cancel: 'Cancel',
    /** One whole sentence per provider: Portuguese contracts "por" with the article ("pelo analista"). */
    answeredBy: {
      builtin: 'Answered by the built-in analyst (not a language model)',
      openai: 'Answered by a language model (OpenAI-compatible server)',
      local: 'Answered by a local language model',
    },
    pagination: 'Questions pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    page: 'Page {page}',
  },
  page: {
    title: 'New Question',
    back: 'Back',
    label: 'Your question about the chosen database',
    placeholder: 'For example: which indicators have the fewest missing values?',
    send: 'Send question',
    database: 'Database: {database}',
    noDatabase: 'No database chosen yet',
    yourQuestions: 'Your questions',
  },
} as const;

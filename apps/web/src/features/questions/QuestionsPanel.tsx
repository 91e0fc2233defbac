import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Pagination, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { databaseBadge, LIMITS, type Question } from '@indicata/contracts';
import { confirm, notify } from '../../lib/notify.tsx';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { useDeleteQuestion, useQuestions } from './questionsApi.ts';
import { sanitizeAnswer } from './sanitizeAnswer.ts';
import classes from './Answer.module.css';

/** ECharts loads in its own chunk, only when an answer with a chart is shown. */
const AnswerChart = lazy(() => import('./AnswerChart.tsx'));

function DatabaseBadge({ database }: { database: string }) {
  const { t } = useTranslation('questions');
  const badge = databaseBadge(database);
  if (badge.isWho) {
    return (
      <Badge color="blue" variant="light" data-testid="question-badge">
        {t('panel.badgeWho')}
      </Badge>
    );
  }
  return (
    <Tooltip label={badge.tooltip} withArrow>
      <Badge color="grape" variant="light" data-testid="question-badge" aria-label={`${t('panel.badgeOther')}: ${badge.tooltip ?? ''}`} title={badge.tooltip ?? undefined}>
        {t('panel.badgeOther')}
      </Badge>
    </Tooltip>
  );
}

function QuestionItem({ question, showAnswer, onDelete }: { question: Question; showAnswer: boolean; onDelete: (q: Question) => void }) {
  const { t } = useTranslation('questions');
  const answer = question.data.answer;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="question-item" data-question-id={question.id} data-status={question.status}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <DatabaseBadge database={question.database} />
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {question.currentTime.slice(0, 16)}
            </Text>
          </Group>
          {/* The question is the user's own text: rendered as text, never as HTML. */}
          <Text fw={500} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="question-text">
            {question.data.question}
          </Text>
          {showAnswer &&
            (answer ? (
              <div className="question-answer" data-testid="question-answer" style={{ overflowWrap: 'anywhere' }}>
                <div className={classes.answer} data-testid="question-answer-html" dangerouslySetInnerHTML={{ __html: sanitizeAnswer(answer) }} />
                {question.visual && question.status === 'answered' && (
                  <Suspense fallback={null}>
                    <figure style={{ margin: 0 }}>
                      <figcaption>
                        <Text size="sm" fw={500}>
                          {question.visual.title}
                        </Text>
                      </figcaption>
                      <AnswerChart visual={question.visual} />
                    </figure>
                  </Suspense>
                )}
                {question.provider && question.status === 'answered' && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t(`panel.answeredBy.${question.provider}`)}
                  </Text>
                )}
              </div>
            ) : (
              <Text c="dimmed" data-testid="question-answer" aria-busy={question.status === 'pending'}>
                {question.status === 'error' ? t('panel.failedAnswer') : t('panel.pendingAnswer')}
              </Text>
            ))}
        </Stack>
        <Tooltip label={t('panel.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('panel.delete')} onClick={() => onDelete(question)} data-testid="question-delete">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
            </svg>
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/**
 * Step 1.2 Domain Understanding (Home): "New Question", View/Hide Answers, the caller's questions 3 per page
 * with numbered pagination, each with its badge, text, answer and a delete button. Live over SSE; answers are
 * shown until "Hide Answers" is pressed.
 */
export default function QuestionsPanel({ showNewQuestion = true }: { showNewQuestion?: boolean }) {
  const { t } = useTranslation('questions');
  const navigate = useNavigate();
  const questions = useQuestions();
  const remove = useDeleteQuestion();
  // Shown by default: an answer appears as soon as it arrives (over SSE); the toggle hides them for a shorter list.
  const [showAnswers, setShowAnswers] = useState(true);
  const [page, setPage] = useState(1);

  const list = questions.data ?? [];
  const pageCount = Math.max(1, Math.ceil(list.length / LIMITS.questionsPerPage));
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);
  if (questions.isError) console.error('Failed to read the questions', questions.error);

  const onDelete = async (question: Question) => {
    if (!(await confirm(t('panel.deleteConfirm'), { title: t('panel.deleteTitle'), confirmLabel: t('panel.delete'), cancelLabel: t('panel.cancel') }))) return;
    const wasLast = list.length === 1;
    try {
      await remove.mutateAsync(question.id);
      notify.success(t('messages:questionRemoved'));
      if (wasLast) navigate('/questions');
    } catch (error) {
      console.error('Failed to remove the question', error);
      notify.error(apiErrorText(error, t));
    }
  };

  const current = list.slice((page - 1) * LIMITS.questionsPerPage, page * LIMITS.questionsPerPage);
  return (
    <Stack gap="sm" data-testid="questions-panel">
      <Group gap="sm">
        {showNewQuestion && (
          <Button variant="light" onClick={() => navigate('/questions')}>
            {t('panel.newQuestion')}
          </Button>
        )}
        <Button variant="default" onClick={() => setShowAnswers((v) => !v)} aria-pressed={showAnswers}>
          {showAnswers ? t('panel.hideAnswers') : t('panel.viewAnswers')}
        </Button>
      </Group>
      {questions.isPending ? (
        <Text c="dimmed" role="status">
          {t('panel.loading')}
        </Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" data-testid="questions-empty">
          {t('panel.empty')}
        </Text>
      ) : (
        <>
          {current.map((question) => (
            <QuestionItem key={question.id} question={question} showAnswer={showAnswers} onDelete={(q) => void onDelete(q)} />
          ))}
          {pageCount > 1 && <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              aria-label={t('panel.pagination')}
              // The arrow buttons hold only an icon: they need a name (axe: button-name, critical).
              getControlProps={(control) => ({ 'aria-label': t(control === 'previous' || control === 'first' ? 'panel.previousPage' : 'panel.nextPage') })}
              getItemProps={(item) => ({ 'aria-label': t('panel.page', { page: item }) })}
            />}
        </>
      )}
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { databaseBadge, QUESTION_MAX_LENGTH, validateQuestion, WHO_DATABASE } from '@indicata/contracts';
import PageWithBack from '../components/PageWithBack.tsx';
import { useCurrentUser } from '../features/auth/useCurrentUser.ts';
import QuestionsPanel from '../features/questions/QuestionsPanel.tsx';
import { useSendQuestion } from '../features/questions/questionsApi.ts';
import { useWizard } from '../features/wizard/state.ts';
import { apiErrorText } from '../lib/api-error-text.ts';
import { notify } from '../lib/notify.tsx';
import { readerLocale } from '../lib/i18n.ts';

/** Route /questions: ask the assistant about the chosen database (spec "New Question page"). */
export default function QuestionsPage() {
  const { t } = useTranslation('questions');
  const { data: user } = useCurrentUser();
  const { state } = useWizard();
  const send = useSendQuestion();
  const [text, setText] = useState('');

  const database = state.database;
  const databaseName = database === WHO_DATABASE ? WHO_DATABASE : state.fileName || databaseBadge(database).tooltip || database;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateQuestion({ database, question: text, signedIn: !!user });
    if (problem) {
      notify.error(t(`messages:${problem}`));
      return;
    }
    try {
      await send.mutateAsync({
        database,
        question: text,
        target: state.targetCode || null,
        // Answers cover the indicators the user chose (and the target), not the whole database.
        indicators: state.indicatorsAnalyzingCode.length > 0 ? state.indicatorsAnalyzingCode : null,
        locale: readerLocale(),
      });
      notify.success(t('messages:questionSent'));
      setText('');
    } catch (error) {
      console.error('Failed to send the question', error);
      notify.error(apiErrorText(error, t));
    }
  };

  return (
    <PageWithBack backLabel={t('page.back')} title={t('page.title')} maw={820}>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="question-database">
            {database ? t('page.database', { database: databaseName }) : t('page.noDatabase')}
          </Text>
          <Textarea
            label={t('page.label')}
            placeholder={t('page.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={QUESTION_MAX_LENGTH}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('page.send')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <div>
        <Title order={2} size="h3" mb="sm">
          {t('page.yourQuestions')}
        </Title>
        <QuestionsPanel showNewQuestion={false} />
      </div>
    </PageWithBack>
  );
}

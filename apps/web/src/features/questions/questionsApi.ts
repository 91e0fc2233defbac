import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTION_EVENT, questionSchema, type CreateQuestionRequest, type Question } from '@indicata/contracts';
import { api } from '../../lib/api.ts';
import { EVENTS_RECONNECTED, useServerEvent } from '../../lib/events.ts';

export const questionsQueryKey = ['questions'] as const;
/** How often the list is refetched while a question waits for its answer. */
export const PENDING_POLL_MS = 3_000;

export const fetchQuestions = async (): Promise<Question[]> => (await api.get<{ questions: Question[] }>('/api/questions')).questions;
export const sendQuestion = async (body: CreateQuestionRequest): Promise<Question> => (await api.post<{ question: Question }>('/api/questions', body)).question;
export const removeQuestion = async (id: string): Promise<void> => {
  await api.del(`/api/questions/${encodeURIComponent(id)}`);
};

/** Puts a changed question into the cached list (newest first), or adds it when it is new. */
export function mergeQuestion(list: readonly Question[] | undefined, question: Question): Question[] | undefined {
  if (!list) return list;
  const index = list.findIndex((q) => q.id === question.id);
  if (index < 0) return [question, ...list].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const next = [...list];
  next[index] = question;
  return next;
}

/**
 * The caller's questions, newest first, kept live: each SSE `question` event updates the cached list
 * (a streamed partial answer, the final answer, a removal); after a dropped stream the list is refetched.
 */
export function useQuestions() {
  const queryClient = useQueryClient();
  useServerEvent(QUESTION_EVENT, (data) => {
    if (data && typeof data === 'object' && (data as { removed?: unknown }).removed === true) {
      const id = (data as { id: string }).id;
      queryClient.setQueryData<Question[]>(questionsQueryKey, (list) => list?.filter((q) => q.id !== id));
      return;
    }
    const parsed = questionSchema.safeParse(data);
    if (parsed.success) queryClient.setQueryData<Question[]>(questionsQueryKey, (list) => mergeQuestion(list, parsed.data));
    else void queryClient.invalidateQueries({ queryKey: questionsQueryKey });
  });
  useServerEvent(EVENTS_RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: questionsQueryKey });
  });
  return useQuery({
    queryKey: questionsQueryKey,
    queryFn: fetchQuestions,
    // Events can be missed (a reconnect, an oversized NOTIFY): while an answer is awaited, also poll.
    refetchInterval: (query) => (query.state.data?.some((q) => q.status === 'pending') ? PENDING_POLL_MS : false),
  });
}

export function useSendQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuestion,
    onSuccess: (question) => queryClient.setQueryData<Question[]>(questionsQueryKey, (list) => mergeQuestion(list, question)),
  });
}

/** Deletes optimistically; the server's answer confirms it or the list is restored. */
export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeQuestion,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: questionsQueryKey });
      const previous = queryClient.getQueryData<Question[]>(questionsQueryKey);
      queryClient.setQueryData<Question[]>(questionsQueryKey, (list) => list?.filter((q) => q.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(questionsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionsQueryKey }),
  });
}

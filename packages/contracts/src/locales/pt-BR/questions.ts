import type { Translation } from '../types.ts';
import type { questions as en } from '../en/questions.ts';
import { messages } from './messages.ts';

export const questions: Translation<typeof en> = {
  panel: {
    title: 'Etapa 1.2 Entendimento do Domínio',
    newQuestion: 'Nova Pergunta',
    viewAnswers: 'Ver Respostas',
    hideAnswers: 'Ocultar Respostas',
    loading: messages.loadingQuestions,
    empty: messages.noQuestions,
    badgeWho: 'WHO',
    badgeOther: 'Outra Base de Dados',
    pendingAnswer: '...',
    failedAnswer: 'O assistente não conseguiu responder a esta pergunta.',
    delete: 'Excluir',
    deleteTitle: 'Excluir pergunta',
    deleteConfirm: 'Remover esta pergunta e a sua resposta?',
    cancel: 'Cancelar',
    answeredBy: {
      builtin: 'Respondida pelo analista embutido (não é um modelo de linguagem)',
      openai: 'Respondida por um modelo de linguagem (servidor compatível com OpenAI)',
      local: 'Respondida por um modelo de linguagem local',
    },
    pagination: 'Páginas de perguntas',
    previousPage: 'Página anterior',
    nextPage: 'Próxima página',
    page: 'Página {page}',
  },
  page: {
    title: 'Nova Pergunta',
    back: 'Voltar',
    label: 'Sua pergunta sobre a base de dados escolhida',
    placeholder: 'Por exemplo: quais indicadores têm menos valores ausentes?',
    send: 'Enviar pergunta',
    database: 'Base de dados: {database}',
    noDatabase: 'Nenhuma base de dados escolhida ainda',
    yourQuestions: 'Suas perguntas',
  },
};

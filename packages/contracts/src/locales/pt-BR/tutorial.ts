import type { Translation } from '../types.ts';
import type { tutorial as en } from '../en/tutorial.ts';

export const tutorial: Translation<typeof en> = {
  title: 'Tutorial',
  label: 'Etapas do tutorial',
  previous: 'Anterior',
  hide: 'Ocultar',
  show: 'Mostrar',
  next: 'Próximo',
  position: '{current} de {total}',
  goTo: 'Ir para o item {number}',
  items: {
    dataCollection: {
      title: 'Etapa 1.1 Coleta de Dados',
      body: 'Importe dados da base pública ou importe uma base de dados no formato suportado.',
    },
    domainUnderstanding: {
      title: 'Etapa 1.2 Entendimento do Domínio',
      body: 'O assistente responde a perguntas sobre a base de dados.',
    },
    targetConfiguration: {
      title: 'Etapa 1.3 Configuração do Alvo',
      body: 'Escolha o indicador a prever, como seus valores viram classes e se o teste usa um ano alvo ou uma porcentagem dos dados mais recentes.',
    },
    preprocessing: {
      title: 'Etapa 2 Pré-processamento',
      body: 'Automático, ou adicione etapas específicas (análise de dados ausentes, análise de outliers, seleção de atributos, discretização de atributos, balanceamento).',
    },
    modelSelection: {
      title: 'Etapa 3 Seleção de Modelos',
      body: 'Automático, ou adicione modelos específicos (Árvore de Decisão, Random Forest, SVM, KNN, Redes Neurais Artificiais) com hiperparâmetros.',
    },
    postprocessing: {
      title: 'Etapa 4 Pós-processamento',
      body: 'Execute o AutoML; os resultados vão para o e-mail cadastrado.',
    },
  },
  warningTitle: 'Sobre o relatório',
};

import type { Translation } from '../types.ts';
import type { messages as en } from '../en/messages.ts';

export const messages: Translation<typeof en> = {
  noDatabase: 'Você precisa definir a base de dados (WHO ou base importada).',
  noTargetCode: 'Você precisa definir a base de dados (WHO ou base importada) antes de executar o AutoML.',
  bothYearAndPercent: 'Use apenas uma opção: ano alvo OU porcentagem para teste.',
  neitherYearNorPercent: 'Use uma das opções: ano alvo OU porcentagem para teste.',
  percentOutOfRange: 'A porcentagem para teste (%) deve estar entre 0 e 100.',
  noGroupCount: 'Você precisa definir o número total de grupos para a categorização do alvo.',
  noName: 'Você precisa definir um nome.',
  confirmSubmit: 'Deseja enviar as informações para processamento?',

  questionNoDatabase: 'Você precisa definir uma base de dados na página de configuração antes de fazer uma pergunta.',
  questionNotLoggedIn: 'Você precisa estar conectado para fazer uma pergunta.',
  questionBlank: 'Escreva uma pergunta antes de enviar!',

  targetNoIndicator: 'Selecione um indicador antes de importar o alvo.',
  targetNeitherYearRegionNorPercent: 'Use uma das opções: ano alvo e região OU porcentagem para teste.',
  autoDiscretizationNoValue: 'Para a discretização automática, você deve escolher um valor.',
  manualTargetTableIncomplete: 'Para a discretização manual do alvo, você deve preencher todos os campos da tabela.',
  targetImported: 'Alvo importado.',

  attrDiscNoIndicator: 'Selecione um indicador para cada atributo.',
  attrDiscNoOption: 'Selecione uma opção de discretização (manual ou automática) para cada atributo.',
  attrDiscManualIncomplete: 'Para a discretização manual, você deve preencher todos os campos da tabela.',
  discretizationSaved: 'Discretização salva.',

  rfNeedsParameter: 'Você precisa configurar {parameter}',
  rfConfigured: 'Random Forest configurado!',
  annConfigured: 'ANN configurada!',
  dtConfigured: 'Árvore de Decisão configurada!',
  knnConfigured: 'KNN configurado!',
  svmConfigured: 'SVM configurado!',
  missingDataSaved: 'Configurações de Dados Ausentes salvas!',
  outliersSaved: 'Configurações de Outliers salvas!',
  attributeSelectionSaved: 'Configurações de Seleção de Atributos salvas!',
  balancingSaved: 'Configurações de Balanceamento salvas!',

  csvNotCsv: 'Selecione um arquivo .csv',
  csvWrongDelimiter: 'O delimitador "{x}" foi detectado. Apenas arquivos com o delimitador ";" são aceitos.',
  csvEmptyOrMalformed: 'O arquivo CSV está vazio ou malformado.',
  csvParseError: 'Erro ao processar o arquivo CSV.',
  csvNeedsFileAndColumns: 'Selecione um arquivo e defina as colunas das dimensões espacial e temporal.',
  uploadFailed: 'Erro no envio. Verifique as permissões do armazenamento de arquivos.',
  uploadSaved: 'Envio e informações salvos com sucesso!',

  loginFailed: 'E-mail ou senha incorretos',
  registerFailed: 'Falha ao cadastrar: {message}',

  jobQueued: 'Dados adicionados com sucesso!',
  jobQueuedDetail: 'Sua tarefa "{name}" está na fila. Acompanhe-a na aba Resultados.',
  confirmScreenAdded: 'Dados adicionados com sucesso!',
  questionSent: 'Pergunta enviada com sucesso',
  questionRemoved: 'Pergunta removida com sucesso!',
  jobCancelled: 'A tarefa foi cancelada.',
  jobDeleted: 'A tarefa e seus arquivos foram excluídos.',
  jobRerunQueued: 'Uma nova execução de "{name}" está na fila, com a mesma semente.',
  jobNotCancellable: 'Esta tarefa já terminou; não há o que cancelar.',
  uploadInUse: 'Uma tarefa que ainda não terminou usa este arquivo: cancele-a ou espere que termine e então exclua o arquivo.',
  uploadMissing: 'O arquivo importado que esta tarefa indica não está entre os seus arquivos (pode ter sido excluído): escolha os dados de novo no assistente.',
  jobClonedIntoWizard: 'A configuração da tarefa está no assistente: altere o que quiser e execute.',

  noQuestions: 'Nenhuma pergunta encontrada.',
  noResults: 'Nenhum resultado encontrado.',
  loadingQuestions: 'Carregando perguntas...',
  loadingResultDetails: 'Carregando detalhes do resultado...',
  loadingConfigurations: 'Carregando configurações...',
  noConfiguration: 'Nenhuma configuração encontrada.',
  noResultDetails: 'Nenhum detalhe de resultado encontrado. Possível erro.',
  stillProcessing: 'Os dados ainda estão sendo processados. Aguarde.',
  userNotAuthenticated: 'Usuário não autenticado',

  logSubmitFailed: 'Erro ao adicionar os dados',
  logSubmitCancelled: 'Envio cancelado',

  llmWarning: 'O relatório é gerado por um modelo de linguagem. Consulte um especialista antes de aplicá-lo.',

  noReplayRecord: 'Este trabalho não pode ser repetido exatamente: só um trabalho concluído que registrou a sua busca (executado por esta versão do Indicata) pode. Use "Executar de novo (mesma semente)".',
};

import type { Translation } from '../types.ts';
import type { about as en } from '../en/about.ts';

export const about: Translation<typeof en> = {
  title: 'Sobre o Indicata',
  lead: 'O Indicata é uma aplicação web que pode ser hospedada pela própria instituição, na qual pesquisadores e analistas de saúde pública transformam indicadores da OMS, ou seus próprios dados por região e ano, em um modelo de classificação confiável, sem escrever código.',
  whoTitle: 'Para quem é',
  whoBody: 'Pesquisadores e analistas de dados de saúde pública que querem prever o comportamento de um indicador em uma região e ano, e entender quais outros indicadores o explicam.',
  howTitle: 'Como funciona',
  howSteps: {
    data: 'Escolha uma fonte de dados: a base compartilhada de indicadores da OMS ou seu próprio arquivo CSV, com uma linha por região e ano.',
    questions: 'Faça perguntas sobre os dados e leia as respostas do assistente.',
    target: 'Escolha o indicador a prever e como seus valores são agrupados em classes.',
    preprocessing: 'Mantenha o pré-processamento automático ou configure dados ausentes, outliers, seleção de atributos, discretização e balanceamento.',
    models: 'Mantenha a seleção de modelos automática ou configure Árvore de Decisão, Random Forest, SVM, KNN e redes neurais.',
    results: 'Envie o trabalho. Os resultados chegam na aba Resultados e por e-mail: métricas por modelo e classe, matrizes de confusão, importância dos atributos e um relatório escrito.',
  },
  principlesTitle: 'Resultados honestos',
  principlesBody: 'Cada etapa de pré-processamento é ajustada apenas nos dados de treino, e o teste usa os dados mais recentes, como numa previsão real. As métricas são apresentadas por classe ao lado de referências simples (a classe mais comum e a classe de cada local no seu último ano), e um modelo só é recomendado quando as supera na validação; caso contrário, recomenda-se a regra simples.',
  reportTitle: 'O relatório escrito',
  reportBody: 'O texto do relatório pode ser gerado por um modelo de linguagem. Ele pode conter erros: consulte um especialista antes de aplicá-lo.',
  dataTitle: 'Seus dados',
  dataBody: 'O Indicata roda no servidor da sua própria instituição. Arquivos enviados, trabalhos e resultados são visíveis apenas para a conta que os criou.',
  whoDataTitle: 'De onde vêm os dados da OMS',
  whoDataBody:
    'Os indicadores da OMS vêm do Global Health Observatory (GHO) da Organização Mundial da Saúde, usados sob a licença Creative Commons CC BY-NC-SA 3.0 IGO. O Indicata inclui um snapshot da exportação do GHO de julho de 2018; um administrador pode substituí-lo ou ampliá-lo pela API da OMS. A OMS não é responsável pelo Indicata nem por seus resultados.',
  contactTitle: 'Contato',
  contactBody: 'Para dúvidas, sugestões ou acesso, escreva para',
};

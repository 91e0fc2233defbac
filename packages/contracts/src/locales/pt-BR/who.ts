import type { Translation } from '../types.ts';
import type { who as en } from '../en/who.ts';

export const who: Translation<typeof en> = {
  page: {
    title: 'Importar do conjunto de dados da OMS',
    back: 'Voltar',
    intro:
      'Pesquise o catálogo do Observatório Global de Saúde da OMS e escolha os indicadores que um trabalho pode usar como entradas. Sem nenhuma escolha, o trabalho considera todos os indicadores com dados suficientes (a configuração da etapa Análise de Dados Ausentes diz quanto é suficiente).',
  },
  status: {
    loading: 'Carregando o catálogo da OMS...',
    unavailableTitle: 'Os dados da OMS ainda não estão disponíveis',
    unavailable: 'O catálogo da OMS neste servidor está vazio. Um administrador pode preenchê-lo: {howToFill}.',
    howToFill: 'Reinicie com WHO_SNAPSHOT=true para importar o snapshot da OMS que acompanha o Indicata, ou execute npm run who:import -- --from <pasta> ou npm run who:sync, ou defina WHO_IMPORT_DIR',
    source: '{indicators} indicadores, {countries} países, {observations} valores',
    vintage: 'Data dos dados:',
  },
  table: {
    search: 'Pesquisar indicadores',
    searchPlaceholder: 'Código ou nome, por exemplo expectativa de vida',
    code: 'Código',
    indicator: 'Indicador',
    years: 'Anos',
    regions: 'Regiões',
    dimensions: 'Dimensões',
    coverage: 'Cobertura',
    coverageDetail: '{countries} países, {years} anos, {percent}% preenchido',
    coverageDetailOneYear: '{countries} países, 1 ano, {percent}% preenchido',
    noData: 'Sem valores',
    none: 'nenhuma',
    select: 'Usar {code}',
    empty: 'Nenhum indicador corresponde a esta pesquisa.',
    shown: '{shown} de {total} indicadores',
  },
  selection: {
    count: '{count} indicadores escolhidos',
    selectShown: 'Escolher todos os exibidos',
    clear: 'Limpar escolha',
    useWho: 'Usar dados da OMS',
    saved: 'Dados da OMS escolhidos com {count} indicadores.',
    savedAll: 'Dados da OMS escolhidos; o trabalho considerará todos os indicadores com dados suficientes.',
  },
  dimensionLabels: {
    SEX_BTSX: 'Ambos os sexos',
    SEX_FMLE: 'Feminino',
    SEX_MLE: 'Masculino',
    RESIDENCEAREATYPE_TOTL: 'Total',
    RESIDENCEAREATYPE_URB: 'Urbana',
    RESIDENCEAREATYPE_RUR: 'Rural',
  },
};

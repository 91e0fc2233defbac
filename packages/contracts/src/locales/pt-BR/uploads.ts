import type { Translation } from '../types.ts';
import type { uploads as en } from '../en/uploads.ts';

export const uploads: Translation<typeof en> = {
  page: {
    title: 'Upload de arquivo CSV',
    back: 'Voltar',
    intro:
      'Envie um arquivo CSV separado por ponto e vírgula (;) com uma linha por local e tempo: uma coluna espacial (por exemplo país), uma coluna temporal (por exemplo ano) e colunas numéricas.',
  },
  form: {
    file: 'Arquivo CSV',
    filePlaceholder: 'Escolha um arquivo .csv',
    reading: 'Lendo o arquivo...',
    preview: 'Prévia (primeiras {count} linhas)',
    summary: '{rows} linhas, {columns} colunas',
    spatialColumn: 'Coluna da dimensão espacial',
    temporalColumn: 'Coluna da dimensão temporal',
    columnPlaceholder: 'Escolha uma coluna',
    upload: 'Enviar arquivo',
    uploading: 'Enviando... {percent}%',
    progressLabel: 'Progresso do envio',
    nonNumeric: 'Células que não são números são lidas como valores ausentes: {details}.',
  },
  list: {
    title: 'Seus arquivos enviados',
    use: 'Usar este arquivo',
    empty: 'Nenhum arquivo enviado ainda.',
    rows: '{rows} linhas',
    chosen: 'Em uso',
  },
  problems: {
    csvDuplicateColumn: 'O nome de coluna "{column}" aparece mais de uma vez. Cada coluna precisa de um nome próprio.',
    csvEmptyColumnName: 'A coluna {position} não tem nome. Toda coluna precisa de um nome na primeira linha.',
    csvRaggedRow: 'A linha {line} tem {found} valores, mas o cabeçalho tem {expected} colunas.',
    csvBinary: 'O arquivo não é texto. Salve-o como CSV separado por ponto e vírgula (UTF-8) e tente novamente.',
    csvColumnMissing: 'A coluna "{column}" não está no arquivo.',
    csvSameColumn: 'As colunas espacial e temporal precisam ser duas colunas diferentes.',
    csvEmptyKeyCell: 'A linha {line} não tem valor na coluna "{column}".',
    csvTimeNotNumeric: 'A coluna temporal "{column}" precisa conter números, como anos; a linha {line} tem "{value}".',
    csvDuplicatePair: 'O par "{space}" / "{time}" aparece nas linhas {first} e {second}; cada local e tempo deve aparecer uma vez.',
    csvTooLarge: 'O arquivo é maior que o limite de {limit}.',
    csvUnclosedQuote: 'A linha {line} abre um valor entre aspas (") que nunca é fechado. Feche as aspas ou remova-as e tente novamente.',
    csvMisplacedQuote: 'A linha {line} tem texto logo depois de aspas de fechamento ("). Coloque o valor inteiro entre aspas, ou remova as aspas, e tente novamente.',
    csvNoNumericColumn: 'Além das colunas espacial e temporal, o arquivo precisa de pelo menos uma coluna numérica.',
    csvTooManyRows: 'O arquivo tem mais de {limit} linhas de dados. Mantenha menos locais ou anos e tente novamente.',
    csvFileNameTooLong: 'O nome do arquivo é longo demais (no máximo {limit} caracteres). Renomeie o arquivo e tente novamente.',
    csvUtf16WithoutBom:
      'O arquivo parece ser texto UTF-16 sem marca de ordem de bytes (BOM). Salve-o como UTF-8 (ou UTF-16 com BOM) e tente novamente.',
  },
};

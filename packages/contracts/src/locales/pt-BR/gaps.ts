import type { Translation } from '../types.ts';
import type { gaps as en } from '../en/gaps.ts';

export const gaps: Translation<typeof en> = {
  columnMostlyImputed: 'Majoritariamente imputada',
  columnExtrapolated: 'Extrapolada',
  yes: 'sim',
  mostlyImputedNote:
    '{count} destas previsões se apoiam principalmente em entradas preenchidas (coluna "{column}"): mais da metade dos indicadores faltava e foi tirada de um ano anterior ou da média do treino; leia-as com cautela.',
  extrapolatedNote:
    '{count} destas previsões são para anos posteriores a {last}, o último ano com valor de {target} (coluna "{column}"): ali o modelo extrapola além dos anos em que foi verificado; leia-as como projeções.',
  beforeYearsNote:
    '{count} linhas anteriores a {first}, o primeiro ano com valor de {target}, não são previstas: o modelo aprendeu a prever um ano a partir dos anteriores e extrapolaria para trás.',
};

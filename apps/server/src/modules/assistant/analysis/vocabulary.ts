/**
 * The words the analyst reads questions with, in English and Portuguese. Questions are compared lower-cased
 * and without accents (`normalise`). Portuguese indicator words are rewritten into the English words of the
 * WHO labels before matching, so "expectativa de vida" finds "Life expectancy at birth (years)".
 */

/** Lower case, accents removed, punctuation other than word characters, '%', '>', '<', '=' and '-' made spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9%<>=\-\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Phrases rewritten before indicator matching (normalised text, longest first). Portuguese -> the WHO labels'
 * English words; everyday English -> the labels' words ("obesity" is the BMI >= 30 indicator).
 */
export const PHRASES: [RegExp, string][] = [
  [/\bexpectativa de vida saudavel\b|\besperanca de vida saudavel\b/g, 'healthy life expectancy hale'],
  [/\bexpectativa de vida\b|\besperanca de vida\b/g, 'life expectancy'],
  [/\bexpectativa\b/g, 'expectancy'],
  [/\bmortalidade infantil\b/g, 'infant mortality'],
  [/\bmortalidade (de |em )?menores de (5|cinco) anos\b|\bmortalidade na infancia\b/g, 'under-five mortality'],
  [/\bmortalidade adulta\b|\bmortalidade de adultos\b/g, 'adult mortality'],
  [/\bmortalidade materna\b/g, 'maternal mortality'],
  [/\bmortalidade\b/g, 'mortality'],
  [/\b(gastos?|despesas?|investimentos?) (publicos? )?(com|em|de) saude\b/g, 'health expenditure'],
  [/\bhealth (spending|spend|costs?)\b|\b(spending|spend) on health\b/g, 'health expenditure'],
  [/\b(gastos?|despesas?)\b/g, 'expenditure'],
  [/\bmedicos\b|\bmedico\b|\bdoctors?\b/g, 'physicians'],
  [/\bdensidade\b/g, 'density'],
  [/\bleitos( hospitalares)?\b|\bcamas de hospital\b/g, 'hospital beds'],
  [/\bobesidade\b|\bobesity\b|\bobese\b|\bobesos\b/g, 'bmi 30 obesity'],
  [/\bsobrepeso\b|\boverweight\b/g, 'bmi 25 overweight'],
  [/\bpressao (arterial )?(alta|elevada)\b|\bhipertensao\b|\bhypertension\b|\bhigh blood pressure\b/g, 'raised blood pressure'],
  [/\bglicose( alta| elevada)?\b|\bglicemia\b|\bdiabetes\b/g, 'raised fasting blood glucose'],
  [/\btuberculose\b|\btb\b/g, 'tuberculosis'],
  [/\bsarampo\b/g, 'measles'],
  [/\bdifteria\b|\btetano\b|\bcoqueluche\b/g, 'diphtheria tetanus pertussis'],
  [/\bhepatite\b/g, 'hepatitis'],
  [/\bpoliomielite\b|\bpolio\b/g, 'polio'],
  [/\b(vacinacao|imunizacao|cobertura vacinal|vacinas?)\b/g, 'immunization coverage'],
  [/\bvaccination\b|\bimmunisation\b|\bvaccine coverage\b/g, 'immunization coverage'],
  [/\brenda( nacional bruta)?( per capita)?\b|\bincome\b/g, 'gross national income'],
  [/\bsuicidio\b|\bsuicidios\b/g, 'suicide'],
  [/\bpopulacao\b/g, 'population'],
  [/\b(fertilidade|fecundidade)\b/g, 'fertility'],
  [/\balcool\b/g, 'alcohol'],
  [/\b(tabaco|tabagismo|fumo|fumantes)\b|\bsmoking\b/g, 'tobacco smoking'],
  [/\bsaneamento\b/g, 'sanitation'],
  [/\bagua potavel\b|\bagua\b/g, 'water'],
  [/\bpib\b/g, 'gdp'],
  [/\bpartos assistidos\b/g, 'births attended skilled'],
  [/\bacidentes de transito\b|\btransito\b/g, 'road traffic'],
  [/\bmalaria\b/g, 'malaria'],
  [/\bincidencia\b/g, 'incidence'],
  [/\btaxa\b/g, 'rate'],
];

/** Words that say nothing about which indicator is meant. */
export const STOP_WORDS = new Set(
  (
    'a an the of in on at to for from by with and or is are was were be been do does did has have had how what which who whom whose when where why ' +
    'many much most more less least than this that these those there their its it as per between across over under into about any all each every ' +
    'country countries region regions place places year years data value values indicator indicators variable variables column columns ' +
    'correlated correlation correlate related relate relationship associated association trend trends change changed evolve evolved ' +
    'compare comparison versus vs difference highest lowest top bottom best worst largest smallest maximum minimum average mean median distribution ' +
    'missing miss gaps complete coverage show tell me give list number count counts world global who whole share percent percentage target inputs input ' +
    'o a os as um uma uns umas de do da dos das no na nos nas em por para com e ou que qual quais quanto quantos quantas como quando onde entre ' +
    'pais paises regiao regioes ano anos dado dados valor valores indicador indicadores variavel variaveis coluna colunas correlacao correlacionado correlacionada ' +
    'relacao relacionado relacionada relacionados associado associada tendencia evolucao evoluiu mudou variou compare comparar comparacao diferenca maior menor maiores menores ' +
    'melhor pior media mediana distribuicao ausentes ausente faltantes faltam falta completo completos cobertura mostre mostra diga liste numero mundo alvo entradas ' +
    'ao longo do tempo tem teve tinham tiveram ha sao foi foram ser esta estao mais menos se seu sua'
  ).split(' '),
);

/** Words of indicator labels that barely tell indicators apart (units, "rate", "estimate"...): they weigh little. */
export const WEAK_LABEL_WORDS = new Set(
  'rate estimate age-standardized standardized age total number reported cases among 1-year-olds olds year years per population birth 1000 100 000 10 live births %'.split(' '),
);

/** WHO region names (as the catalog writes them) and how questions say them. */
export const REGION_ALIASES: Record<string, string[]> = {
  Africa: ['africa', 'african region', 'regiao africana'],
  Americas: ['americas', 'the americas', 'america', 'regiao das americas'],
  'South-East Asia': ['south-east asia', 'south east asia', 'southeast asia', 'sudeste asiatico', 'sudeste da asia'],
  Europe: ['europe', 'european region', 'europa', 'regiao europeia'],
  'Eastern Mediterranean': ['eastern mediterranean', 'mediterraneo oriental'],
  'Western Pacific': ['western pacific', 'pacifico ocidental'],
};

/** Names of the kinds of question the analyst recognises (normalised text). */
export const KIND_PATTERNS = {
  refuse: /\bwhy\b|\bpor ?que\b|\bwill\b|\bforecast\b|\bpredict (the )?(future|next)\b|\bprevisao\b|\bsera\b|\bserao\b|\bcapital\b|\bcause[sd]?\b|\bcausa\b|\bcausam\b/,
  related: /\b(target|alvo)\b|\bwhich (inputs|indicators|variables|features) (relate|are related|move|correlate|matter|predict)|\bmost (related|informative|important|predictive)\b|\bquais (entradas|indicadores|variaveis) (mais )?(se )?(relacionam|explicam|influenciam|(estao|sao) (mais )?(relacionad|associad|correlacionad|ligad|important|informativ))|\bmais (relacionad|associad|informativ|important|correlacionad)/,
  correlation: /correlat|correlac|\brelationship between\b|\brelacao entre\b|\bassociated with\b|\bassociation between\b|\bassociad[oa]s? (a|com)\b|\brelated to\b|\brelacionad[oa]s? (a|com)\b/,
  compare: /\bcompar|\bversus\b|\bvs\b|\bdifference between\b|\bdiferenca entre\b/,
  count: /\bhow many (countries|places|regions)\b|\bnumber of (countries|places)\b|\bquant[oa]s (paises|lugares|regioes)\b|\bnumero de paises\b/,
  missing: /\bmissing\b|\bmiss\b|\bgaps\b|\bincomplete\b|\bhow complete\b|\bquao complet|\bcompleteness\b|\bausentes?\b|\bfaltantes?\b|\bfaltam\b|\blacunas\b|\bincomplet|\bvazios\b|\bsem dados\b/,
  trend: /\btrend|\bover (the )?(years|time|period)\b|\bevolv|\bevolution\b|\bchanged?\b|\bsince\b|\btendencia|\bevolu|\bao longo\b|\bmudou|\bmudado\b|\bvariou\b/,
  ranking: /\bwhich (who )?regions?\b|\bwhat (who )?regions?\b|\bwhich countr|\bqua(l|is) (a |as |o |os )?(regi\w*|pais\w*)|\bhighest\b|\blowest\b|\btop\b|\bbottom\b|\brank|\bmaior(es)?\b|\bmenor(es)?\b|\bmais alt[oa]s?\b|\bmais baix[oa]s?\b/,
  distribution: /distribut|distribui|\bmedian|\bmediana|quartil|quartile|\bspread\b|dispers|\bsummary\b|\bresumo\b|\bestatistic|\bstatistic|\brange\b|\bamplitude\b|\baverage\b|\bmean\b|\bmedia\b|\btypical\b|\btipic/,
  bottom: /\blowest\b|\bbottom\b|\bleast\b|\bmenor(es)?\b|\bmais baix[oa]s?\b|\bsmallest\b/,
  /** Of missing values: the fewest, the most complete indicators ("menos valores ausentes", "mais completos"). */
  fewest: /\bfewest\b|\bleast\b|\blowest\b|\bmost complete\b|\bbest coverage\b|\bmenos\b|\bmenor(es)?\b|\bmais complet/,
  byPlace: /\bcountr(y|ies)\b|\bpais(es)?\b|\bplaces?\b|\blugar(es)?\b/,
  byRegion: /\bregions?\b|\bregi(ao|oes)\b/,
} as const;

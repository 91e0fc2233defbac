import type { ReportLocale } from '@indicata/contracts';
import { escapeHtml } from './sanitize.ts';
import type { ColumnProfile, DataProfile } from './profile.ts';

/**
 * The built-in analyst: answers a question from the computed profile of the chosen database, with no
 * language model. It recognises what the question is about (coverage, years, regions, correlation,
 * statistics, the list of indicators, named columns) and states the matching facts; it always says it is
 * not a language model.
 */

const TOPICS = {
  coverage: /missing|coverage|complete|gap|empty|null|ausent|faltant|cobertura|complet|lacuna/i,
  years: /year|period|time|when|recent|oldest|trend|ano|per[ií]odo|tempo|quando|recente|tend[eê]ncia/i,
  regions: /region|countr|where|place|geograph|continent|regi[aãõo]|pa[ií]s|onde|geogr/i,
  correlation: /correlat|relat|associat|predict|influen|driver|explain|affect|target|correla|rela[cç]|associa|previs|influ|alvo/i,
  statistics: /mean|average|median|max|min|highest|lowest|range|distribution|value|statistic|m[eé]dia|mediana|m[aá]xim|m[ií]nim|maior|menor|faixa|distribui|valor|estat[ií]stic/i,
  columns: /indicator|variable|column|feature|attribute|which data|what data|dataset|database|indicador|vari[aá]vel|coluna|atributo|base de dados|dados/i,
} as const;
type Topic = keyof typeof TOPICS;

const TEXT = {
  en: {
    disclaimer: 'Built-in analyst: this answer is computed from the data itself; it is not written by a language model.',
    overview: (p: DataProfile) =>
      `The ${p.kind === 'who' ? 'WHO' : 'uploaded'} database has ${p.rows} rows (${p.spaceColumn} by ${p.timeColumn}) for ${p.spaceCount} ${p.spaceColumn} values and ${p.columnCount} numeric ${p.kind === 'who' ? 'indicator columns' : 'columns'}` +
      (p.years ? `, covering ${p.years.first} to ${p.years.last} (${p.years.count} distinct years).` : '.'),
    empty: 'The database has no rows yet, so there is nothing to describe.',
    mentioned: 'Columns your question mentions:',
    coverageBest: 'Most complete columns (share of rows with a value):',
    coverageWorst: 'Least complete columns:',
    years: (p: DataProfile) => (p.years ? `Years run from ${p.years.first} to ${p.years.last}, ${p.years.count} distinct years.` : 'The rows have no years.'),
    yearsPerColumn: 'Years with values, per column:',
    regions: (p: DataProfile) =>
      p.regions.length
        ? `Rows per region (${p.regionColumn ?? 'region'}):`
        : `The data has ${p.spaceCount} ${p.spaceColumn} values, for example ${p.spaceExamples.slice(0, 6).join(', ')}.`,
    correlationNoTarget: 'Choose a target on the configuration page (Step 1.3) to see which columns move with it; no target is set for this question.',
    correlationWith: (t: string) => `Strongest linear correlations (Pearson r) with the target ${t}:`,
    correlationNone: 'No column has enough rows in common with the target to compute a correlation.',
    stats: 'Summary statistics (minimum, median, mean, maximum):',
    columns: (n: number, shown: number) => (n > shown ? `The ${shown} best-covered of ${n} columns:` : `The ${n} columns:`),
    coverageOf: (c: ColumnProfile) => `${pct(c.coverage)} of rows (${c.present})`,
    statsOf: (c: ColumnProfile) => `min ${num(c.min)}, median ${num(c.median)}, mean ${num(c.mean)}, max ${num(c.max)}`,
    yearsOf: (c: ColumnProfile) => (c.firstYear === null ? 'no values' : `${c.firstYear} to ${c.lastYear}`),
    caveat: 'These are descriptive facts about the data; they are not causal findings.',
  },
  'pt-BR': {
    disclaimer: 'Analista embutido: esta resposta é calculada a partir dos próprios dados; não foi escrita por um modelo de linguagem.',
    overview: (p: DataProfile) =>
      `A base de dados ${p.kind === 'who' ? 'WHO' : 'importada'} tem ${p.rows} linhas (${p.spaceColumn} por ${p.timeColumn}) para ${p.spaceCount} valores de ${p.spaceColumn} e ${p.columnCount} ${p.kind === 'who' ? 'colunas de indicadores' : 'colunas numéricas'}` +
      (p.years ? `, de ${p.years.first} a ${p.years.last} (${p.years.count} anos distintos).` : '.'),
    empty: 'A base de dados ainda não tem linhas; não há o que descrever.',
    mentioned: 'Colunas citadas na pergunta:',
    coverageBest: 'Colunas mais completas (parcela das linhas com valor):',
    coverageWorst: 'Colunas menos completas:',
    years: (p: DataProfile) => (p.years ? `Os anos vão de ${p.years.first} a ${p.years.last}, ${p.years.count} anos distintos.` : 'As linhas não têm anos.'),
    yearsPerColumn: 'Anos com valores, por coluna:',
    regions: (p: DataProfile) =>
      p.regions.length
        ? `Linhas por região (${p.regionColumn ?? 'região'}):`
        : `Os dados têm ${p.spaceCount} valores de ${p.spaceColumn}, por exemplo ${p.spaceExamples.slice(0, 6).join(', ')}.`,
    correlationNoTarget: 'Escolha um alvo na página de configuração (Etapa 1.3) para ver quais colunas variam com ele; esta pergunta não tem alvo.',
    correlationWith: (t: string) => `Correlações lineares mais fortes (r de Pearson) com o alvo ${t}:`,
    correlationNone: 'Nenhuma coluna tem linhas suficientes em comum com o alvo para calcular uma correlação.',
    stats: 'Estatísticas (mínimo, mediana, média, máximo):',
    columns: (n: number, shown: number) => (n > shown ? `As ${shown} colunas mais completas de ${n}:` : `As ${n} colunas:`),
    coverageOf: (c: ColumnProfile) => `${pct(c.coverage)} das linhas (${c.present})`,
    statsOf: (c: ColumnProfile) => `mín ${num(c.min)}, mediana ${num(c.median)}, média ${num(c.mean)}, máx ${num(c.max)}`,
    yearsOf: (c: ColumnProfile) => (c.firstYear === null ? 'sem valores' : `${c.firstYear} a ${c.lastYear}`),
    caveat: 'São fatos descritivos sobre os dados; não são conclusões causais.',
  },
} as const;

function num(value: number | null): string {
  if (value === null) return '—';
  return String(value);
}

function pct(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

function nameOf(c: ColumnProfile): string {
  return c.label ? `${c.label} (${c.name})` : c.name;
}

function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}

const STOP_WORDS = new Set(['what', 'which', 'does', 'with', 'from', 'that', 'this', 'have', 'there', 'about', 'data', 'database', 'qual', 'quais', 'como', 'para', 'dados', 'base', 'year', 'years', 'value', 'values']);

/** Columns whose name or label shares a meaningful word with the question, best match first. */
export function mentionedColumns(question: string, columns: ColumnProfile[]): ColumnProfile[] {
  const words = new Set(
    question
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/[^a-z0-9_]+/)
      .filter((w) => w.length >= 4 && !STOP_WORDS.has(w)),
  );
  if (words.size === 0) return [];
  const scored = columns
    .map((c) => {
      const text = `${c.name} ${c.label ?? ''}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const tokens = new Set(text.split(/[^a-z0-9_]+/).filter(Boolean));
      let score = 0;
      for (const w of words) {
        if (tokens.has(w)) score += 2;
        else if ([...tokens].some((t) => t.length >= 4 && (t.startsWith(w) || w.startsWith(t)))) score += 1;
      }
      if (words.has(c.name.toLowerCase())) score += 5;
      return { c, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0) return [];
  const top = scored[0]!.score;
  return scored.filter((s) => s.score >= Math.max(1, top - 1)).slice(0, 5).map((s) => s.c);
}

/** The topics a question is about (none: an overview answer). */
export function questionTopics(question: string): Topic[] {
  return (Object.keys(TOPICS) as Topic[]).filter((t) => TOPICS[t].test(question));
}

/**
 * The built-in answer to a question, as HTML (escaped; the caller sanitises anyway).
 * @param question the user's text
 * @param profile the chosen database's profile
 * @param locale language of the answer
 */
export function builtinAnswer(question: string, profile: DataProfile, locale: ReportLocale = 'en'): string {
  const t = TEXT[locale];
  const parts: string[] = [`<p><em>${escapeHtml(t.disclaimer)}</em></p>`];
  if (profile.rows === 0) {
    parts.push(`<p>${escapeHtml(t.empty)}</p>`);
    return parts.join('');
  }
  parts.push(`<p>${escapeHtml(t.overview(profile))}</p>`);
  const topics = new Set(questionTopics(question));
  const mentioned = mentionedColumns(question, profile.columns);
  const columnsWithValues = profile.columns.filter((c) => c.present > 0);

  if (mentioned.length > 0) {
    parts.push(`<p>${escapeHtml(t.mentioned)}</p>`);
    parts.push(
      list(
        mentioned.map((c) =>
          escapeHtml(
            `${nameOf(c)}: ${t.coverageOf(c)}; ${t.yearsOf(c)}; ${t.statsOf(c)}` +
              (c.correlationWithTarget !== null && profile.target ? `; r = ${c.correlationWithTarget}` : ''),
          ),
        ),
      ),
    );
  }
  if (topics.has('coverage')) {
    const byCoverage = [...columnsWithValues].sort((a, b) => b.coverage - a.coverage);
    parts.push(`<p>${escapeHtml(t.coverageBest)}</p>`, list(byCoverage.slice(0, 5).map((c) => escapeHtml(`${nameOf(c)}: ${t.coverageOf(c)}`))));
    const worst = [...profile.columns].sort((a, b) => a.coverage - b.coverage).slice(0, 5);
    parts.push(`<p>${escapeHtml(t.coverageWorst)}</p>`, list(worst.map((c) => escapeHtml(`${nameOf(c)}: ${t.coverageOf(c)}`))));
  }
  if (topics.has('years')) {
    parts.push(`<p>${escapeHtml(t.years(profile))}</p>`);
    const shown = (mentioned.length ? mentioned : columnsWithValues.slice(0, 5)).map((c) => escapeHtml(`${nameOf(c)}: ${t.yearsOf(c)}`));
    if (shown.length) parts.push(`<p>${escapeHtml(t.yearsPerColumn)}</p>`, list(shown));
  }
  if (topics.has('regions')) {
    parts.push(`<p>${escapeHtml(t.regions(profile))}</p>`);
    if (profile.regions.length) parts.push(list(profile.regions.map((r) => escapeHtml(`${r.name}: ${r.rows}`))));
  }
  if (topics.has('correlation')) {
    if (!profile.target) {
      parts.push(`<p>${escapeHtml(t.correlationNoTarget)}</p>`);
    } else {
      const correlated = profile.columns
        .filter((c) => c.correlationWithTarget !== null)
        .sort((a, b) => Math.abs(b.correlationWithTarget!) - Math.abs(a.correlationWithTarget!))
        .slice(0, 8);
      const targetName = profile.target.label ? `${profile.target.label} (${profile.target.name})` : profile.target.name;
      if (correlated.length) {
        parts.push(`<p>${escapeHtml(t.correlationWith(targetName))}</p>`, list(correlated.map((c) => escapeHtml(`${nameOf(c)}: r = ${c.correlationWithTarget}`))));
      } else {
        parts.push(`<p>${escapeHtml(t.correlationNone)}</p>`);
      }
    }
  }
  if (topics.has('statistics') && mentioned.length === 0) {
    parts.push(`<p>${escapeHtml(t.stats)}</p>`, list(columnsWithValues.slice(0, 8).map((c) => escapeHtml(`${nameOf(c)}: ${t.statsOf(c)}`))));
  }
  const answeredSomething = mentioned.length > 0 || ['coverage', 'years', 'regions', 'correlation', 'statistics'].some((x) => topics.has(x as Topic));
  if (topics.has('columns') || !answeredSomething) {
    const shown = columnsWithValues.slice(0, 12);
    parts.push(`<p>${escapeHtml(t.columns(profile.columnCount, shown.length))}</p>`, list(shown.map((c) => escapeHtml(`${nameOf(c)}: ${t.coverageOf(c)}`))));
  }
  if (topics.has('correlation')) parts.push(`<p>${escapeHtml(t.caveat)}</p>`);
  return parts.join('');
}

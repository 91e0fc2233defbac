import { strFromU8, unzipSync } from 'fflate';
import type { AutoMLResults, ReportLocale, ResultsWithNames } from '@indicata/contracts';
import { buildResultsArchive } from '../jobs/results-archive.ts';
import { createBuiltinAssistant } from '../assistant/assistant.ts';
import { htmlToText } from '../assistant/sanitize.ts';
import { jobFinishedMail, scoreLinesOf } from '../mail/job-mail.ts';
import { resultsFixture } from './results-fixture.ts';
import { builtinReport, writeReport } from './write-report.ts';

/** The fixture as a WHO job: its columns are catalog codes, and the server stored their names beside them. */
const COLUMNS: Record<string, string> = {
  LIFE: 'WHOSIS_000001-SEX_BTSX',
  GDP: 'WHS9_93',
  Doctors: 'HRH_26',
  Water: 'WHOSIS_000004-SEX_FMLE',
  Rare: 'WHS7_156',
};
const NAMES = {
  WHOSIS_000001: 'Life expectancy at birth (years)',
  WHS9_93: 'Gross national income per capita (PPP int. $)',
  HRH_26: 'Physicians density (per 1000 population)',
  WHOSIS_000004: 'Adult mortality rate (probability of dying between 15 and 60 years per 1000 population)',
  WHS7_156: 'Per capita total expenditure on health at average exchange rate (US$)',
};
const CODES = Object.keys(NAMES);

function whoResults(withNames = true): AutoMLResults {
  const json = JSON.stringify(resultsFixture()).replace(/"(LIFE|GDP|Doctors|Water|Rare)"/g, (_, column: string) => `"${COLUMNS[column]}"`);
  const results = JSON.parse(json) as ResultsWithNames;
  // The target's history as the most important input, as the engine names it.
  results.models.RF!.impurityImportance!.unshift({ Feature: 'WHOSIS_000001-SEX_BTSX (previous known value)', Importance: 0.5 });
  if (withNames) results.indicatorNames = NAMES;
  return results;
}

const reportText = (results: AutoMLResults, locale: ReportLocale) =>
  builtinReport(results, locale).sections.map((section) => htmlToText(section.html)).join('\n');

describe('a WHO job names its indicators, never their codes', () => {
  it('in the built-in report, in English and Portuguese', async () => {
    const en = reportText(whoResults(), 'en');
    expect(en).toContain('Strongest linear correlations with the target Life expectancy at birth (years), both sexes:');
    expect(en).toContain('The most informative indicator is Gross national income per capita (PPP int. $)');
    expect(en).toContain('Life expectancy at birth (years), both sexes (previous known value) (0.500)');
    const pt = reportText(whoResults(), 'pt-BR');
    expect(pt).toContain('Expectativa de vida ao nascer (anos), ambos os sexos (valor conhecido anterior)');
    for (const code of CODES) {
      expect(en).not.toContain(code);
      expect(pt).not.toContain(code);
    }
    // The report written when the job ends (the configured assistant, here the analyst) says the same.
    const written = await writeReport(whoResults(), { assistant: createBuiltinAssistant(), locale: 'en' });
    expect(written.sections.map((section) => htmlToText(section.html)).join('\n')).toBe(en);
  });

  it('names nothing when the results carry no names (an upload: its columns are names already)', () => {
    expect(reportText(whoResults(false), 'en')).toContain('The most informative indicator is WHS9_93');
    expect(reportText(resultsFixture(), 'en')).toContain('The most informative indicator is GDP');
  });

  it('in the e-mail, with the code beside the name', () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      const mail = jobFinishedMail({ to: 'a@example.org', jobName: 'Life', link: 'http://localhost/results?id=x', status: 'done', scoreLines: scoreLinesOf(whoResults(), locale), locale });
      const target = locale === 'en' ? 'Life expectancy at birth (years), both sexes (WHOSIS_000001-SEX_BTSX)' : 'Expectativa de vida ao nascer (anos), ambos os sexos (WHOSIS_000001-SEX_BTSX)';
      expect(mail.text).toContain(target);
      expect(mail.text.replace(target, '')).not.toMatch(/WHOSIS|WHS|HRH/);
    }
  });

  it("in the download's README: each column with its name", async () => {
    const zip = unzipSync(await buildResultsArchive({ jobName: 'Life', results: whoResults(), models: [] }));
    const readme = strFromU8(zip['README.md']!);
    expect(readme).toContain('- Predicted: `WHOSIS_000001-SEX_BTSX`: Life expectancy at birth (years), both sexes');
    expect(readme).toContain('  - `HRH_26`: Physicians density (per 1000 population)');
    expect(readme).toContain('  - `WHOSIS_000004-SEX_FMLE`: Adult mortality rate (probability of dying between 15 and 60 years per 1000 population), female');
  });
});

import { COVERAGE_SHORTFALL_POINTS, calibrationSummary, coverageSummary, type AutoMLResults, type ReportLocale } from '@indicata/contracts';

/**
 * What the report says about how far to trust each prediction of the recommended model: the prediction sets'
 * coverage on the test years (nominal, reached, mean set size, and plainly any shortfall of more than 5 points) and
 * the calibration of its probabilities (temperature scaling, test ECE and Brier score before and after). Nothing for
 * results written before prediction sets.
 */
export function trustSentences(results: AutoMLResults, locale: ReportLocale): string[] {
  const coverage = coverageSummary(results.trust, locale);
  const calibration = calibrationSummary(results.trust, locale);
  if (!coverage || !calibration) return [];
  const years = coverage.shortYears.map((y) => `${y.year} (${y.reached}%)`).join(', ');
  if (locale === 'pt-BR') {
    return [
      `Conjuntos de predição de ${results.best}: cobertura nominal de ${coverage.nominal}%, ${coverage.reached}% alcançada nos anos de teste, com ${coverage.size} classes por conjunto em média.`,
      coverage.shortBy !== null ? `A cobertura fica ${coverage.shortBy} pontos abaixo da nominal: os conjuntos contêm a classe verdadeira menos vezes do que prometem.` : '',
      years ? `Mais de ${COVERAGE_SHORTFALL_POINTS} pontos abaixo da nominal em ${years}.` : '',
      calibration.kept
        ? `O escalonamento por temperatura (temperatura ${calibration.temperature}) foi mantido: nas linhas de teste o erro de calibração esperado (ECE) passou de ${calibration.eceBefore} para ${calibration.eceAfter} e o escore de Brier de ${calibration.brierBefore} para ${calibration.brierAfter}.`
        : `O escalonamento por temperatura não foi mantido (nos anos de validação, fora da amostra em que foi ajustado, não reduziu a log-loss, ou não reduziu o escore de Brier além do ruído): as probabilidades são as do modelo, com erro de calibração esperado (ECE) de ${calibration.eceBefore} e escore de Brier de ${calibration.brierBefore} nas linhas de teste.`,
    ];
  }
  return [
    `Prediction sets of ${results.best}: ${coverage.nominal}% nominal coverage, ${coverage.reached}% reached on the test years, ${coverage.size} classes per set on average.`,
    coverage.shortBy !== null ? `Coverage falls ${coverage.shortBy} points short of the nominal: the sets hold the true class less often than they promise.` : '',
    years ? `More than ${COVERAGE_SHORTFALL_POINTS} points below the nominal in ${years}.` : '',
    calibration.kept
      ? `Temperature scaling (temperature ${calibration.temperature}) was kept: on the test rows the expected calibration error (ECE) went from ${calibration.eceBefore} to ${calibration.eceAfter} and the Brier score from ${calibration.brierBefore} to ${calibration.brierAfter}.`
      : `Temperature scaling was not kept (on the validation years, out of the sample it was fitted on, it did not lower the log loss, or did not lower the Brier score by more than the noise): the probabilities are the model's own, with an expected calibration error (ECE) of ${calibration.eceBefore} and a Brier score of ${calibration.brierBefore} on the test rows.`,
  ];
}

/**
 * The trust figures as the number check and the language model see them: the results' trust report without the
 * reliability bins, the shortfall in points and the shortfall the report tolerates.
 */
export function trustFacts(results: AutoMLResults): Record<string, unknown> | null {
  const trust = results.trust;
  const coverage = coverageSummary(trust);
  if (!trust || !coverage) return null;
  const { reliability: _bins, ...calibration } = trust.calibration;
  return {
    conformal: trust.conformal,
    calibration,
    shortfallPoints: coverage.shortBy === null ? null : Number(coverage.shortBy),
    shortfallTolerancePoints: COVERAGE_SHORTFALL_POINTS,
  };
}

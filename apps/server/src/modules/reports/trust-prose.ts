import { COVERAGE_SHORTFALL_POINTS, calibrationSummary, coverageSummary, validationMethod, type AutoMLResults, type ReportLocale } from '@indicata/contracts';

/**
 * What the report says about how far to trust each prediction of the recommended model: the prediction sets'
 * coverage on the test years (nominal, reached, mean set size, and plainly any shortfall of more than 5 points) and
 * the calibration of its probabilities (temperature scaling, test ECE and Brier score before and after). A temperature
 * the run would keep is measured only: every probability served is the model's own, so the sentence says so and how
 * to rescale. Nothing for results written before prediction sets.
 */
export function trustSentences(results: AutoMLResults, locale: ReportLocale): string[] {
  const coverage = coverageSummary(results.trust, locale);
  const calibration = calibrationSummary(results.trust, locale);
  if (!coverage || !calibration) return [];
  const years = coverage.shortYears.map((y) => `${y.year} (${y.reached}%)`).join(', ');
  // A run with a single training year validated on random folds of it: there are no validation years to speak of.
  const random = validationMethod(results) === 'random';
  if (locale === 'pt-BR') {
    return [
      `Conjuntos de predição de ${results.best}: cobertura nominal de ${coverage.nominal}%, ${coverage.reached}% alcançada nos anos de teste, com ${coverage.size} classes por conjunto em média.`,
      coverage.shortBy !== null ? `A cobertura fica ${coverage.shortBy} pontos abaixo da nominal: os conjuntos contêm a classe verdadeira menos vezes do que prometem.` : '',
      years ? `Mais de ${COVERAGE_SHORTFALL_POINTS} pontos abaixo da nominal em ${years}.` : '',
      calibration.kept
        ? `O escalonamento por temperatura das probabilidades de ${results.best} (temperatura ${calibration.temperature}) as melhorou ${random ? 'nas dobras de validação' : 'nos anos de validação'}, fora da amostra em que foi ajustado; nas linhas de teste ele leva o erro de calibração esperado (ECE) de ${calibration.eceBefore} para ${calibration.eceAfter} e o escore de Brier de ${calibration.brierBefore} para ${calibration.brierAfter}. As probabilidades que o app, a API e o arquivo ONNX fornecem são as do próprio modelo: para reescalar as de uma linha, eleve a probabilidade de cada classe (um zero conta como um trilionésimo) à potência 1/${calibration.temperature} e divida pela soma.`
        : `O escalonamento por temperatura não foi mantido (${random ? 'nas dobras de validação' : 'nos anos de validação'}, fora da amostra em que foi ajustado, não reduziu a log-loss, ou não reduziu o escore de Brier além do ruído): as probabilidades são as do modelo, com erro de calibração esperado (ECE) de ${calibration.eceBefore} e escore de Brier de ${calibration.brierBefore} nas linhas de teste.`,
    ];
  }
  return [
    `Prediction sets of ${results.best}: ${coverage.nominal}% nominal coverage, ${coverage.reached}% reached on the test years, ${coverage.size} classes per set on average.`,
    coverage.shortBy !== null ? `Coverage falls ${coverage.shortBy} points short of the nominal: the sets hold the true class less often than they promise.` : '',
    years ? `More than ${COVERAGE_SHORTFALL_POINTS} points below the nominal in ${years}.` : '',
    calibration.kept
      ? `Temperature scaling of the probabilities of ${results.best} (temperature ${calibration.temperature}) improved them on the ${random ? 'validation folds' : 'validation years'}, out of the sample it was fitted on; on the test rows it takes the expected calibration error (ECE) from ${calibration.eceBefore} to ${calibration.eceAfter} and the Brier score from ${calibration.brierBefore} to ${calibration.brierAfter}. The probabilities the app, the API and the ONNX file give are the model's own: to rescale one row's, raise each class's probability (a zero counts as one trillionth) to the power 1/${calibration.temperature} and divide by their sum.`
      : `Temperature scaling was not kept (on the ${random ? 'validation folds' : 'validation years'}, out of the sample it was fitted on, it did not lower the log loss, or did not lower the Brier score by more than the noise): the probabilities are the model's own, with an expected calibration error (ECE) of ${calibration.eceBefore} and a Brier score of ${calibration.brierBefore} on the test rows.`,
  ];
}

/**
 * The trust figures as the number check and the language model see them: the results' trust report without the
 * reliability bins, the shortfall in points and the shortfall the report tolerates, and that no served probability
 * is rescaled by the temperature.
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
    // A kept temperature is measured, never applied: a language model must not say the served probabilities are rescaled.
    temperatureAppliedToServedProbabilities: false,
  };
}

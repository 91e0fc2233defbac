/**
 * How far a prediction of "Use this model" can be trusted: rows filled in mostly from imputed inputs, and years
 * outside those the target was observed in. Key -> English text.
 */
export const gaps = {
  columnMostlyImputed: 'Mostly imputed',
  columnExtrapolated: 'Extrapolated',
  yes: 'yes',
  mostlyImputedNote:
    '{count} of these predictions rest mostly on filled-in inputs (column "{column}"): more than half of their indicators were missing and were taken from an earlier year or the training average, so read them with care.',
  extrapolatedNote:
    '{count} of these predictions are for years after {last}, the last year with a value of {target} (column "{column}"): there the model extrapolates beyond the years it was checked on, so read them as forecasts.',
  beforeYearsNote:
    '{count} rows before {first}, the first year with a value of {target}, are not predicted: the model learned to predict a year from the ones before it, and would extrapolate backwards there.',
} as const;

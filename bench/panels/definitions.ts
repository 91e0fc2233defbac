/**
 * The real panels of `npm run bench -- --panels`: which source, which WHO target, which indicators, which years, and
 * how the target is cut into 5 classes. bench/panels/build.ts turns each into a semicolon CSV.
 *
 * Indicator ids of the GHO panels are "<GHO code>" or "<GHO code>@<sex>" (BTSX both sexes, MLE, FMLE); the CSV column
 * is the one bench/who-panel.ts writes ("<code>-SEX_<sex>" for indicators with a sex dimension). Features that restate
 * the target (its other sexes, or a near-identical series such as infant mortality for under-5 mortality) are left out,
 * so each panel asks a real question. GHO panels stop at 2015, the last year of most series (2016 has only the
 * mortality, BMI and immunization series), and leave out MALARIA004 (2000-2010 only), so the test years are not mostly
 * imputed cells.
 */

/** How the 5 class edges are cut, from every row of the panel (train and test alike, fixed before any split). */
export type EdgeRule = 'equal-width' | 'quantile';

export interface PanelDefinition {
  /** 1-based number used by --panels=1,3. */
  id: number;
  /** Short name printed in the table. */
  name: string;
  source: 'who-gho-2018' | 'life-expectancy-updated';
  /** GHO indicator id or Kaggle column of the target. */
  target: string;
  /** GHO indicator ids or Kaggle columns of the features. */
  features: string[];
  /** Inclusive year range. */
  years: [number, number];
  edges: EdgeRule;
}

/** Number of target classes in every panel. */
export const PANEL_CLASSES = 5;

/** Dense GHO indicators without a sex dimension (fill >= 0.57 over 2000-2015 in panel_density.txt). */
const GHO_SYSTEM = [
  'GHED_CHEGDP_SHA2011',
  'GHED_CHE_pc_US_SHA2011',
  'WHS6_102',
  'WHS7_113',
  'WHS7_156',
  'WHS9_93',
];
/** The mortality, risk-factor and health-system context of the immunization panels (5 and 9), in their column order. */
const GHO_HEALTH_CONTEXT = [
  'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'BP_04@BTSX',
  'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX', ...GHO_SYSTEM,
];
/** Life expectancies, adult mortality and immunization coverage: the context of the risk-factor panels (10 and 11). */
const GHO_OUTCOMES_AND_SERVICES = [
  'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'WHOSIS_000015@BTSX', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110', 'MCV2',
  ...GHO_SYSTEM,
];
const GHO_IMMUNIZATION = ['WHS4_100', 'WHS4_117', 'WHS4_129', 'WHS4_543', 'WHS4_544', 'WHS8_110', 'MCV2'];

/** Under-5 mortality's indicators (panels 2 and 13): infant mortality and life expectancy at birth restate it; left out. */
const UNDER_FIVE_FEATURES = [
  'BP_04@BTSX', 'MDG_0000000020', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX',
  'WHOSIS_000004@MLE', 'WHOSIS_000004@FMLE', 'WHOSIS_000015@BTSX', 'WHS3_62', ...GHO_IMMUNIZATION, ...GHO_SYSTEM,
];

/** The indicator columns of the Kaggle updated series, in the file's order. */
const KAGGLE_COLUMNS = [
  'Infant_deaths', 'Under_five_deaths', 'Adult_mortality', 'Alcohol_consumption', 'Hepatitis_B', 'Measles', 'BMI', 'Polio',
  'Diphtheria', 'Incidents_HIV', 'GDP_per_capita', 'Population_mln', 'Thinness_ten_nineteen_years',
  'Thinness_five_nine_years', 'Schooling', 'Economy_status_Developed', 'Economy_status_Developing', 'Life_expectancy',
];

/** Every Kaggle column but the target and the columns that restate it, in the file's order. */
const kaggleFeaturesFor = (target: string, ...restating: string[]) => KAGGLE_COLUMNS.filter((c) => c !== target && !restating.includes(c));

export const PANELS: PanelDefinition[] = [
  {
    id: 1,
    name: 'life expectancy',
    source: 'who-gho-2018',
    target: 'WHOSIS_000001@BTSX',
    // The indicators of bench/who-panel.ts but MALARIA004.
    features: [
      'BP_04@BTSX', 'GHED_CHEGDP_SHA2011', 'GHED_CHE_pc_US_SHA2011', 'MCV2', 'MDG_0000000001', 'MDG_0000000020',
      'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX', 'WHOSIS_000004@BTSX', 'WHS3_62', 'WHS4_100', 'WHS4_117',
      'WHS4_129', 'WHS4_543', 'WHS6_102', 'WHS7_113', 'WHS7_156', 'WHS9_93',
    ],
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 2,
    name: 'under-5 mortality',
    source: 'who-gho-2018',
    target: 'MDG_0000000007',
    features: UNDER_FIVE_FEATURES,
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 3,
    name: 'adult mortality',
    source: 'who-gho-2018',
    target: 'WHOSIS_000004@BTSX',
    // Life expectancy at birth and at 60 are largely made of it; left out with its sex series.
    features: [
      'BP_04@MLE', 'BP_04@FMLE', 'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_30A@BTSX',
      'NCD_GLUC_04@MLE', 'NCD_GLUC_04@FMLE', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110', 'MCV2', ...GHO_SYSTEM,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 4,
    name: 'obesity (BMI >= 30)',
    source: 'who-gho-2018',
    target: 'NCD_BMI_30A@BTSX',
    // Every BMI series is left out.
    features: [
      'BP_04@MLE', 'BP_04@FMLE', 'NCD_GLUC_04@MLE', 'NCD_GLUC_04@FMLE', 'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX',
      'WHOSIS_000015@BTSX', 'MDG_0000000007', 'MDG_0000000020', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110',
      ...GHO_SYSTEM,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 5,
    name: 'DTP3 immunization',
    source: 'who-gho-2018',
    target: 'WHS4_100',
    // Polio 3, HepB3 and Hib3 are given with DTP3 (often the same pentavalent shot); left out.
    features: [
      'WHS8_110', 'MCV2', 'WHS4_543', 'WHS3_62', ...GHO_HEALTH_CONTEXT,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 6,
    name: 'tuberculosis incidence',
    source: 'who-gho-2018',
    target: 'MDG_0000000020',
    features: [
      'BP_04@BTSX', 'MDG_0000000001', 'MDG_0000000007', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX',
      'NCD_GLUC_04@BTSX', 'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'WHOSIS_000015@BTSX', 'WHS3_62', 'WHS4_100',
      'WHS4_543', 'WHS8_110', 'MCV2', ...GHO_SYSTEM,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 7,
    name: 'life expectancy (Kaggle updated)',
    source: 'life-expectancy-updated',
    target: 'Life_expectancy',
    features: kaggleFeaturesFor('Life_expectancy'),
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 8,
    name: 'adult mortality (Kaggle updated)',
    source: 'life-expectancy-updated',
    target: 'Adult_mortality',
    // Life expectancy is left out (it is largely made of adult mortality).
    features: kaggleFeaturesFor('Adult_mortality', 'Life_expectancy'),
    years: [2000, 2015],
    edges: 'quantile',
  },
  // Panels 9-12 were added on 2026-11-25, after the engine's choices had been settled on panels 1-8: targets that no
  // engine change was ever measured on, a held-out check of the panel targets (bench/README.md).
  {
    id: 9,
    name: 'measles immunization (held out)',
    source: 'who-gho-2018',
    target: 'WHS8_110',
    // MCV2 is the same vaccine's second dose; left out.
    features: [
      'WHS4_100', 'WHS4_543', 'WHS4_544', 'WHS3_62', ...GHO_HEALTH_CONTEXT,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 10,
    name: 'raised blood pressure (held out)',
    source: 'who-gho-2018',
    target: 'BP_04@BTSX',
    // Its sex series are left out.
    features: [
      'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX',
      ...GHO_OUTCOMES_AND_SERVICES,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 11,
    name: 'raised blood glucose (held out)',
    source: 'who-gho-2018',
    target: 'NCD_GLUC_04@BTSX',
    // Its sex series are left out.
    features: [
      'BP_04@BTSX', 'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX',
      ...GHO_OUTCOMES_AND_SERVICES,
    ],
    years: [2000, 2015],
    edges: 'quantile',
  },
  {
    id: 12,
    name: 'life expectancy at 60 (held out)',
    source: 'who-gho-2018',
    target: 'WHOSIS_000015@BTSX',
    // Life expectancy at birth and adult mortality largely restate it; left out.
    features: [
      'BP_04@BTSX', 'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX',
      'NCD_GLUC_04@BTSX', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110', 'MCV2', ...GHO_SYSTEM,
    ],
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 13,
    name: 'under-5 mortality 1990-2016 (filling in)',
    source: 'who-gho-2018',
    target: 'MDG_0000000007',
    // Panel 2 over 27 years: most indicators start about 2000, so they are missing in most old training rows and
    // present in the test years (added with the missing-data rule judged on the latest years; not held out).
    features: UNDER_FIVE_FEATURES,
    years: [1990, 2016],
    edges: 'quantile',
  },
  // Panels 14-19 are sticky: a skewed rate cut into 5 equal-width classes, so most rows sit in class 1 and a place's
  // class rarely changes from one year to the next. "Same class as last year" (the persistence baseline) is a high bar
  // there (0.73-0.99 macro-F1), as on the WHO panels the product is judged on (country x year, a skewed rate coded 1-5
  // by equal-width bins). 14-17 are WHO 2000-2016 panels; 18-19 come from the complete, smooth Kaggle series, whose
  // persistence is the highest (0.95-0.96, see ../shared/docs/sticky-panels.md).
  {
    id: 14,
    name: 'tuberculosis incidence (sticky)',
    source: 'who-gho-2018',
    target: 'MDG_0000000020',
    features: [
      'BP_04@BTSX', 'MDG_0000000001', 'MDG_0000000007', 'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX',
      'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'WHOSIS_000015@BTSX', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110', 'MCV2',
      ...GHO_SYSTEM,
    ],
    years: [2000, 2016],
    edges: 'equal-width',
  },
  {
    id: 15,
    name: 'under-5 mortality (sticky)',
    source: 'who-gho-2018',
    target: 'MDG_0000000007',
    features: UNDER_FIVE_FEATURES,
    years: [2000, 2016],
    edges: 'equal-width',
  },
  {
    id: 16,
    name: 'adult mortality (sticky)',
    source: 'who-gho-2018',
    target: 'WHOSIS_000004@BTSX',
    features: [
      'BP_04@MLE', 'BP_04@FMLE', 'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_30A@BTSX',
      'NCD_GLUC_04@MLE', 'NCD_GLUC_04@FMLE', 'WHS3_62', 'WHS4_100', 'WHS4_543', 'WHS8_110', 'MCV2', ...GHO_SYSTEM,
    ],
    years: [2000, 2016],
    edges: 'equal-width',
  },
  {
    id: 17,
    name: 'measles cases (sticky)',
    source: 'who-gho-2018',
    target: 'WHS3_62',
    // The measles vaccines (MCV, MCV2) are kept: coverage is what the case counts answer to.
    features: [
      'BP_04@BTSX', 'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'NCD_BMI_25A@BTSX', 'NCD_GLUC_04@BTSX',
      'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'WHS4_100', 'WHS4_543', 'WHS4_544', 'WHS8_110', 'MCV2', ...GHO_SYSTEM,
    ],
    years: [2000, 2016],
    edges: 'equal-width',
  },
  {
    id: 18,
    name: 'HIV incidence (Kaggle, sticky)',
    source: 'life-expectancy-updated',
    target: 'Incidents_HIV',
    features: kaggleFeaturesFor('Incidents_HIV'),
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 19,
    name: 'infant deaths (Kaggle, sticky)',
    source: 'life-expectancy-updated',
    target: 'Infant_deaths',
    // Under-five deaths and life expectancy restate it; left out.
    features: kaggleFeaturesFor('Infant_deaths', 'Under_five_deaths', 'Life_expectancy'),
    years: [2000, 2015],
    edges: 'equal-width',
  },
  // Panels 20-22 were added on 2026-11-29, after every engine choice had been settled on panels 1-19: sticky targets
  // that no engine change was ever measured on, a held-out check like the WHO panels the product is judged on. 22
  // stopped being held out the same day: its first run led to a change of the trend rule.
  {
    id: 20,
    name: 'GDP per capita (Kaggle, sticky, held out)',
    source: 'life-expectancy-updated',
    target: 'GDP_per_capita',
    features: kaggleFeaturesFor('GDP_per_capita'),
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 21,
    name: 'thinness 10-19 years (Kaggle, sticky, held out)',
    source: 'life-expectancy-updated',
    target: 'Thinness_ten_nineteen_years',
    // Thinness at 5-9 years restates it; left out.
    features: kaggleFeaturesFor('Thinness_ten_nineteen_years', 'Thinness_five_nine_years'),
    years: [2000, 2015],
    edges: 'equal-width',
  },
  {
    id: 22,
    name: 'GNI per capita (sticky)',
    source: 'who-gho-2018',
    target: 'WHS9_93',
    // Health spending per head (two series) over its share of GDP restates income per head; the per-head series are
    // left out, the share kept.
    features: [
      'MDG_0000000001', 'MDG_0000000007', 'MDG_0000000020', 'WHOSIS_000001@BTSX', 'WHOSIS_000004@BTSX', 'BP_04@BTSX',
      'NCD_BMI_25A@BTSX', 'NCD_BMI_30A@BTSX', 'NCD_GLUC_04@BTSX', 'GHED_CHEGDP_SHA2011', 'WHS6_102', 'WHS7_113',
      ...GHO_IMMUNIZATION,
    ],
    years: [2000, 2015],
    edges: 'equal-width',
  },
];

/** The sticky panels (equal-width classes of a skewed rate), on which the choice must not lose to persistence. */
export const STICKY_PANEL_IDS = [14, 15, 16, 17, 18, 19, 20, 21, 22];

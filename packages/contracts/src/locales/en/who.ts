import { WHO_HOW_TO_FILL } from '../../who.ts';

/** Import from the WHO dataset (/whoimport) and the catalog's availability. */
export const who = {
  page: {
    title: 'Import from the WHO dataset',
    back: 'Back',
    intro:
      'Search the WHO Global Health Observatory catalog and choose the indicators a job may use as inputs. With none chosen, the job considers every indicator with enough data (the setting of the Missing Data Analysis step says how much is enough).',
  },
  status: {
    loading: 'Loading the WHO catalog...',
    unavailableTitle: 'WHO data is not available yet',
    unavailable: 'The WHO catalog on this server is empty. An administrator can fill it: {howToFill}.',
    howToFill: WHO_HOW_TO_FILL,
    source: '{indicators} indicators, {countries} countries, {observations} values',
    vintage: 'Data vintage:',
  },
  table: {
    search: 'Search indicators',
    searchPlaceholder: 'Code or name, for example life expectancy',
    code: 'Code',
    indicator: 'Indicator',
    years: 'Years',
    regions: 'Regions',
    dimensions: 'Dimensions',
    coverage: 'Coverage',
    coverageDetail: '{countries} countries, {years} years, {percent}% filled',
    coverageDetailOneYear: '{countries} countries, 1 year, {percent}% filled',
    noData: 'No values',
    none: 'none',
    select: 'Use {code}',
    empty: 'No indicator matches this search.',
    shown: '{shown} of {total} indicators',
  },
  selection: {
    count: '{count} indicators chosen',
    selectShown: 'Choose all shown',
    clear: 'Clear choice',
    useWho: 'Use WHO Data',
    saved: 'WHO data chosen with {count} indicators.',
    savedAll: 'WHO data chosen; the job will consider every indicator with enough data.',
  },
  dimensionLabels: {
    SEX_BTSX: 'Both sexes',
    SEX_FMLE: 'Female',
    SEX_MLE: 'Male',
    RESIDENCEAREATYPE_TOTL: 'Total',
    RESIDENCEAREATYPE_URB: 'Urban',
    RESIDENCEAREATYPE_RUR: 'Rural',
  },
} as const;

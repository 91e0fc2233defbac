/** The tutorial carousel: the spec's six help items (section 1), in order. */
export const tutorial = {
  title: 'Tutorial',
  label: 'Tutorial steps',
  previous: 'Previous',
  hide: 'Hide',
  show: 'Show',
  next: 'Next',
  position: '{current} of {total}',
  goTo: 'Go to item {number}',
  items: {
    dataCollection: {
      title: 'Step 1.1 Data Collection',
      body: 'Import data from the public dataset, or import a database in the supported format.',
    },
    domainUnderstanding: {
      title: 'Step 1.2 Domain Understanding',
      body: 'The assistant answers questions about the database.',
    },
    targetConfiguration: {
      title: 'Step 1.3 Target Configuration',
      body: 'Choose the indicator to predict, how its values become classes, and whether to test on a target year or on a percentage of the most recent data.',
    },
    preprocessing: {
      title: 'Step 2 Preprocessing',
      body: 'Automatic, or add specific steps (missing data analysis, outlier analysis, attribute selection, attribute discretization, balancing).',
    },
    modelSelection: {
      title: 'Step 3 Model Selection',
      body: 'Automatic, or add specific models (Decision Tree, Random Forest, SVM, KNN, Artificial Neural Networks) with hyperparameters.',
    },
    postprocessing: {
      title: 'Step 4 Postprocessing',
      body: 'Run the AutoML; results go to the registered e-mail.',
    },
  },
  warningTitle: 'About the report',
} as const;

/** Display order of the tutorial items. */
export const TUTORIAL_ITEM_KEYS = [
  'dataCollection',
  'domainUnderstanding',
  'targetConfiguration',
  'preprocessing',
  'modelSelection',
  'postprocessing',
] as const satisfies readonly (keyof typeof tutorial.items)[];

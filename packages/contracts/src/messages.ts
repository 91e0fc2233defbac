/**
 * Every user-facing message the specification quotes, verbatim (English).
 * Keys are stable API error codes / i18n keys; the pt-BR locale translates them.
 * Server answers carry { code, message } with these texts; the web shows them through i18n.
 */
export const MESSAGES = {
  // Run AutoML (spec 5, checks in this order)
  noDatabase: 'You need to define the database (WHO or imported database).',
  noTargetCode: 'You need to define the database (WHO or imported database) before running AutoML.',
  bothYearAndPercent: 'Please use only one option: Target year OR percentage for testing.',
  neitherYearNorPercent: 'Please use one of the options: Target year OR percentage for testing.',
  percentOutOfRange: 'Percentage for testing (%) must be between 0 and 100.',
  noGroupCount: 'You need to define a total number of groups for target categorization.',
  noName: 'You need to define a name.',
  confirmSubmit: 'Would you like to submit the information for processing?',

  // Send a question
  questionNoDatabase: 'You need to define a database on the configuration page before asking a question.',
  questionNotLoggedIn: 'You need to be logged in before asking a question.',
  questionBlank: 'Write a question before sending!',

  // Target save
  targetNoIndicator: 'Please select an indicator before importing the Target.',
  targetNeitherYearRegionNorPercent: 'Please use one of the options: Target year and region OR percentage for testing.',
  autoDiscretizationNoValue: 'For automatic discretization, you must choose a value.',
  manualTargetTableIncomplete: 'For manual target discretization, you must fill in all fields in the table.',
  targetImported: 'Target imported.',

  // Attribute discretization save
  attrDiscNoIndicator: 'Please select an indicator for each attribute.',
  attrDiscNoOption: 'Please select a discretization option (manual or automatic) for each attribute.',
  attrDiscManualIncomplete: 'For manual discretization of the target, you must fill in all fields of the table.',
  discretizationSaved: 'Discretization saved.',

  // Configuration pages
  rfNeedsParameter: 'You need to configure {parameter}',
  rfConfigured: 'Random Forest configured!',
  annConfigured: 'ANN configured!',
  dtConfigured: 'Decision Tree configured!',
  knnConfigured: 'KNN configured!',
  svmConfigured: 'SVM configured!',
  missingDataSaved: 'Missing Data settings saved!',
  outliersSaved: 'Outliers settings saved!',
  attributeSelectionSaved: 'Attribute Selection settings saved!',
  balancingSaved: 'Balancing settings saved!',

  // CSV upload
  csvNotCsv: 'Please select a .csv file',
  csvWrongDelimiter: 'The delimiter "{x}" was detected. Only files with the ";" delimiter are accepted.',
  csvEmptyOrMalformed: 'CSV file is empty or malformed.',
  csvParseError: 'Error processing the CSV file.',
  csvNeedsFileAndColumns: 'Please select a file and define the spatial and temporal dimension columns.',
  uploadFailed: 'Error uploading. Check Firebase Storage permissions.',
  uploadSaved: 'Upload and information saved successfully!',

  // Accounts
  loginFailed: 'Incorrect email or password',
  registerFailed: 'Failed to register: {message}',

  // Success
  jobQueued: 'Data successfully added!',
  /** Under jobQueued's title: which job, and where to follow it. */
  jobQueuedDetail: 'Your job "{name}" is queued. Follow it on the Results tab.',
  confirmScreenAdded: 'Data successfully added to the request!',
  questionSent: 'Question sent successfully',
  questionRemoved: 'Question successfully removed!',
  jobCancelled: 'The job was cancelled.',
  jobDeleted: 'The job and its files were deleted.',
  jobRerunQueued: 'A re-run of "{name}" is queued with the same seed.',
  jobNotCancellable: 'This job has already finished, so there is nothing to cancel.',
  /** A delete of an upload that queued or running jobs still read: refused, so those jobs are not lost. */
  uploadInUse: 'A job that has not finished uses this file: cancel it or wait until it ends, then delete the file.',
  /** A job (or a re-run) naming an imported file that is not the caller's (deleted since, or never theirs). */
  uploadMissing: 'The imported file this job names is not among your files (it may have been deleted): choose the data again in the wizard.',
  jobClonedIntoWizard: 'The job\'s configuration is in the wizard: change what you like and run it.',

  // Empty and loading
  noQuestions: 'No questions found.',
  noResults: 'No results found.',
  loadingQuestions: 'Loading questions...',
  loadingResultDetails: 'Loading result details...',
  loadingConfigurations: 'Loading configurations...',
  noConfiguration: 'No configuration found.',
  noResultDetails: 'No result details found. Possible error encountered.',
  stillProcessing: 'Data is still being processed. Please wait.',
  userNotAuthenticated: 'User not authenticated',

  // Logged only (kept here so one source names them)
  logSubmitFailed: 'Failed to add the data',
  logSubmitCancelled: 'Submission cancelled',

  // Tutorial warning
  llmWarning:
    'The report is generated by a language model. Consult an expert before applying it.',

  // Rerun exactly
  noReplayRecord: 'This job cannot be rerun exactly: only a finished job that recorded its search (run by this version of Indicata) can. Use "Re-run (same seed)" instead.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills {name} placeholders of a message. */
export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** Data-service error kinds (spec section 8), used as API error codes. */
export const ERROR_KINDS = {
  permission_denied: "Client doesn't have permission to access the desired data.",
  too_big: 'The data requested exceeds the maximum size that can be accessed with a single request.',
  unavailable: 'The service is unavailable',
  unauthenticated: 'You need to sign in.',
  not_found: 'Not found.',
  invalid_argument: 'The request is not valid.',
  conflict: 'That already exists.',
  rate_limited: 'Too many attempts. Wait a minute and try again.',
  read_only_demo: 'The demo account is read-only.',
  internal: 'Something went wrong on the server.',
} as const;
export type ErrorKind = keyof typeof ERROR_KINDS;

/**
 * The error kind an HTTP status stands for. Our server answers a failure of its own with 500 `internal`; a 5xx that
 * does not carry our error body came from something in front of the server (a proxy's 502 page, a restart) and
 * reads as `unavailable`, which a client may retry.
 * @param status the HTTP status of a non-2xx answer
 * @param source `server` when our server chose the status, `elsewhere` when the answer has no body of ours
 */
export function errorKindForStatus(status: number, source: 'server' | 'elsewhere' = 'server'): ErrorKind {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_big';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return source === 'server' ? 'internal' : 'unavailable';
  return 'invalid_argument';
}

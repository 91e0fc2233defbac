/** Business constants and limits (spec section 9, DESIGN.md section 5). */
export const LIMITS = {
  resultsRowsPerPage: 20,
  questionsPerPage: 3,
  tutorialItems: 6,
  csvPreviewRows: 5,
  csvDelimiter: ';',
  csvDelimiterCandidates: [',', ';', '\t', ':'],
  /** Data rows an uploaded CSV may have (the reader stops there; the engine is not built for more). */
  csvMaxRows: 1_000_000,
  /** Characters an uploaded file's name may have (its stored name must fit a file-system name). */
  csvFileNameMaxChars: 200,
  testPercentMin: 0,
  testPercentMax: 100,
  autoCategoriesMin: 1,
  autoCategoriesMax: 100,
  manualClassesMin: 2,
  manualClassesMax: 100,
  maxStringBytes: 10_485_760,
  generatedIdLength: 20,
  transactionRetryLimit: 25,
  retry: {
    operationMs: 120_000,
    uploadMs: 600_000,
    maxBackoffFactor: 64,
    retryableStatuses: [408, 429],
  },
  loadingDotsTickMs: 500,
  defaultUploadMaxBytes: 50 * 1024 * 1024,
} as const;

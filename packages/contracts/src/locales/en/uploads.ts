import { CSV_DETAIL_MESSAGES } from '../../csv.ts';

/** CSV File Upload (/uploadcsv). The spec's messages live in the messages namespace (contracts/messages.ts). */
export const uploads = {
  page: {
    title: 'CSV File Upload',
    back: 'Back',
    intro:
      'Upload a semicolon-separated (;) CSV file with one row per place and time: a spatial column (for example country), a temporal column (for example year) and numeric columns.',
  },
  form: {
    file: 'CSV file',
    filePlaceholder: 'Choose a .csv file',
    reading: 'Reading the file...',
    preview: 'Preview (first {count} rows)',
    summary: '{rows} rows, {columns} columns',
    spatialColumn: 'Spatial dimension column',
    temporalColumn: 'Temporal dimension column',
    columnPlaceholder: 'Choose a column',
    upload: 'Upload File',
    uploading: 'Uploading... {percent}%',
    progressLabel: 'Upload progress',
    nonNumeric: 'Cells that are not numbers are read as missing values: {details}.',
  },
  list: {
    title: 'Your uploaded files',
    use: 'Use this file',
    empty: 'No files uploaded yet.',
    rows: '{rows} rows',
    chosen: 'In use',
  },
  problems: CSV_DETAIL_MESSAGES,
} as const;

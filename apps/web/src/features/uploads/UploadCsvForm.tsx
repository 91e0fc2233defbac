import { useState } from 'react';
import { Alert, Button, FileInput, Group, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, summarisePanel, type CsvProblem, type CsvTable } from '@indicata/contracts';
import { notify } from '../../lib/notify.tsx';
import { chooseUpload } from '../wizard/state.ts';
import { useUploadCsv } from './api.ts';
import { columnProblem, guessColumns, inspectFile } from './inspect.ts';
import { csvProblemText, uploadErrorText } from './problem-text.ts';

interface ChosenFile {
  file: File;
  table: CsvTable;
}

/**
 * CSV File Upload (spec sections 2, 5): a .csv-only picker, delimiter check, a preview of the first 5 rows,
 * spatial and temporal column selectors, "Upload File" with a progress bar; on success the upload becomes the
 * wizard's data source and the user goes back to the Configure AutoML tab. The server repeats every check.
 */
export default function UploadCsvForm() {
  const { t } = useTranslation('uploads');
  const navigate = useNavigate();
  const upload = useUploadCsv();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [spatial, setSpatial] = useState<string | null>(null);
  const [temporal, setTemporal] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = async (file: File | null) => {
    setChosen(null);
    setProblem(null);
    setSpatial(null);
    setTemporal(null);
    if (!file) return;
    setReading(true);
    try {
      const inspection = await inspectFile(file);
      if (!inspection.ok) {
        setProblem(csvProblemText(inspection.problem, t));
        return;
      }
      setChosen({ file, table: inspection.table });
      const guess = guessColumns(inspection.table.columns);
      setSpatial(guess.spatial);
      setTemporal(guess.temporal);
    } catch (error) {
      console.error('Error processing the CSV file', error);
      setProblem(t('messages:csvParseError'));
    } finally {
      setReading(false);
    }
  };

  const showProblem = (found: CsvProblem) => {
    const text = csvProblemText(found, t);
    setProblem(text);
    notify.error(text);
  };

  const onUpload = async () => {
    setProblem(null);
    if (!chosen) return showProblem({ key: 'csvNeedsFileAndColumns' });
    const found = columnProblem(chosen.table, spatial, temporal);
    if (found || !spatial || !temporal) return showProblem(found ?? { key: 'csvNeedsFileAndColumns' });
    setProgress(0);
    try {
      const record = await upload(chosen.file, spatial, temporal, setProgress);
      notify.success(t('messages:uploadSaved'));
      chooseUpload({
        uploadId: record.id,
        database: record.storedName,
        regionDimension: record.selectedRegionColumn,
        timeDimension: record.selectedYearColumn,
        fileName: record.fileName,
      });
      navigate('/home');
    } catch (error) {
      console.error('Upload failed', error);
      const text = uploadErrorText(error, t);
      setProblem(text);
      notify.error(text);
    } finally {
      setProgress(null);
    }
  };

  const summary = chosen && spatial && temporal ? summarisePanel(chosen.table, spatial, temporal) : null;
  const nonNumeric = summary?.ok ? Object.entries(summary.summary.nonNumericCells) : [];
  const columns = chosen?.table.columns ?? [];
  const previewRows = chosen?.table.rows.slice(0, LIMITS.csvPreviewRows) ?? [];

  return (
    <Stack gap="md" maw={980}>
      <FileInput
        label={t('form.file')}
        placeholder={t('form.filePlaceholder')}
        accept=".csv,text/csv"
        clearable
        onChange={(file) => void onFile(file)}
        data-testid="csv-file"
      />
      {reading && <Text size="sm">{t('form.reading')}</Text>}
      {problem && (
        <Alert color="red" role="alert" data-testid="upload-problem">
          {problem}
        </Alert>
      )}
      {chosen && (
        <>
          <Text size="sm" c="dimmed">
            {t('form.summary', { rows: chosen.table.rows.length, columns: columns.length })}
          </Text>
          <Text fw={600}>{t('form.preview', { count: LIMITS.csvPreviewRows })}</Text>
          <Table.ScrollContainer minWidth={400}>
            <Table striped withTableBorder data-testid="csv-preview">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {previewRows.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      // Cells are shown as text, never interpreted (formula-like cells included).
                      <Table.Td key={cellIndex} style={{ whiteSpace: 'pre-wrap' }}>
                        {cell}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group grow align="flex-start">
            <Select label={t('form.spatialColumn')} placeholder={t('form.columnPlaceholder')} data={columns} value={spatial} onChange={setSpatial} allowDeselect={false} />
            <Select label={t('form.temporalColumn')} placeholder={t('form.columnPlaceholder')} data={columns} value={temporal} onChange={setTemporal} allowDeselect={false} />
          </Group>
          {nonNumeric.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('form.nonNumeric', { details: nonNumeric.map(([column, count]) => `${column} (${count})`).join(', ') })}
            </Text>
          )}
        </>
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Progress value={progress * 100} aria-label={t('form.progressLabel')} data-testid="upload-progress" />
          <Text size="sm">{t('form.uploading', { percent: Math.round(progress * 100) })}</Text>
        </Stack>
      )}
      <Group>
        <Button onClick={() => void onUpload()} loading={progress !== null} disabled={reading}>
          {t('form.upload')}
        </Button>
      </Group>
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JobReport, ReportLocale, ReportSection } from '@indicata/contracts/report';
import { sanitizeReportHtml } from '../sanitize.ts';
import { useBuiltinReport } from '../resultsApi.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

function SectionBody({ section }: { section: ReportSection }) {
  const { t } = useTranslation('results');
  const html = useMemo(() => sanitizeReportHtml(section.html), [section.html]);
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid={`report-${section.key}`}>
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Title order={4}>{section.title}</Title>
        {/* The label wraps inside the card on a phone instead of running off it. */}
        <Badge
          variant="light"
          color={section.provider === 'builtin' ? 'gray' : 'indigo'}
          radius="sm"
          styles={{ root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {t('report.writtenBy', { provider: t(`report.providers.${section.provider}`) })}
        </Badge>
      </Group>
      {section.fallbackReason && (
        <Text size="xs" c="dimmed" mb="xs">
          {t('report.fallback', { reason: t(`report.fallbackReasons.${section.fallbackReason}`) })}
        </Text>
      )}
      <TypographyStylesProvider fz="sm">
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </TypographyStylesProvider>
    </Paper>
  );
}

/**
 * The report's prose, section by section, each saying who wrote it, in the reader's language: a built-in report stored
 * in another language is written again in the reader's by the server; a language model's report stays in the language
 * it was written in, says so, and offers the built-in analyst's report in the reader's language one click away.
 * @param jobId the job, to ask for its built-in report (none: the stored report only)
 * @param report the report stored with the job
 */
export function ReportSections({ jobId, report: stored }: { jobId?: string; report: JobReport | null }) {
  const { t } = useTranslation('results');
  const reader: ReportLocale = useReaderLocale();
  const [askedForBuiltin, setAskedForBuiltin] = useState(false);
  const storedSections = stored && Array.isArray(stored.sections) ? stored.sections : [];
  const byLanguageModel = storedSections.some((section) => section.provider !== 'builtin');
  const translate = storedSections.length > 0 && !byLanguageModel && stored?.locale !== reader;
  const wantBuiltin = !!jobId && (translate || (byLanguageModel && askedForBuiltin));
  const builtin = useBuiltinReport(jobId, reader, wantBuiltin);
  if (builtin.isError) console.error("Failed to read the built-in analyst's report", builtin.error);
  if (!stored || storedSections.length === 0) return null;
  if (wantBuiltin && builtin.isPending) {
    return (
      <Text c="dimmed" size="sm" data-testid="report-loading">
        {t('report.loadingBuiltin')}
      </Text>
    );
  }
  // When the built-in report cannot be had, the stored one is better than none.
  const report = wantBuiltin && builtin.data ? builtin.data : stored;
  const languageName = (locale: ReportLocale) => t(`report.languages.${locale}`);
  // One truthful sentence about who wrote it, from the provider each section records.
  const byModel = report.sections.filter((section) => section.provider !== 'builtin').length;
  const banner = byModel === 0 ? 'builtin' : byModel === report.sections.length ? 'llm' : 'mixed';
  // With no language model configured, the report's stored notice repeats the banner;
  // a notice that says why a configured model was not used (timeout, unreachable) is news and stays.
  const noticeRepeatsBanner = banner === 'builtin' && report.sections.every((section) => section.fallbackReason === null);
  return (
    <Stack gap="md" data-testid="report" lang={report.locale}>
      <Group justify="space-between">
        <Title order={3}>{t('report.title')}</Title>
        <Group gap="xs">
          {/* A language model's report keeps the language its job was submitted in, which may differ from the interface's. */}
          <Badge variant="outline" color="gray" radius="sm" data-testid="report-language" lang={report.locale}>
            {t('report.language', { language: t(`report.languages.${report.locale}`) })}
          </Badge>
          <Text size="xs" c="dimmed">
            {report.provider.kind === 'builtin' ? t('report.providers.builtin') : report.provider.label}
          </Text>
        </Group>
      </Group>
      <Alert color={banner === 'builtin' ? 'gray' : 'yellow'} variant="light" radius="md" data-testid="report-banner" data-author={banner}>
        {t(`report.banner.${banner}`, { label: report.provider.label })}
      </Alert>
      {byLanguageModel && (
        <Group gap="sm" data-testid="report-versions" lang={reader}>
          {stored.locale !== reader && report === stored && (
            <Text size="sm" data-testid="report-kept-language">
              {t('report.keptLanguage', { language: languageName(stored.locale) })}
            </Text>
          )}
          {jobId && (
            <Button variant="light" size="xs" onClick={() => setAskedForBuiltin(report === stored)} data-testid="report-switch">
              {report === stored ? t('report.showBuiltin', { language: languageName(reader) }) : t('report.showOriginal', { language: languageName(stored.locale) })}
            </Button>
          )}
        </Group>
      )}
      {report.dataSource && (
        <Text size="sm" c="dimmed" data-testid="report-data-source">
          {report.dataSource}
        </Text>
      )}
      {report.notice && !noticeRepeatsBanner && (
        <Alert color="gray" variant="light" radius="md" data-testid="report-notice">
          {report.notice}
        </Alert>
      )}
      {report.sections.map((section) => (
        <SectionBody key={section.key} section={section} />
      ))}
    </Stack>
  );
}

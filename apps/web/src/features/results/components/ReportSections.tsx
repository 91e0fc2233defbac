import { useMemo } from 'react';
import { Alert, Badge, Group, Paper, Stack, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JobReport, ReportSection } from '@indicata/contracts/report';
import { sanitizeReportHtml } from '../sanitize.ts';

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

/** The report's prose, section by section, each saying who wrote it. */
export function ReportSections({ report }: { report: JobReport | null }) {
  const { t } = useTranslation('results');
  if (!report || !Array.isArray(report.sections) || report.sections.length === 0) return null;
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
          {/* The report is written in the language its job was submitted in, which may differ from the interface's. */}
          <Badge variant="outline" color="gray" radius="sm" data-testid="report-language" lang={report.locale}>
            {t('report.language', { language: t(`report.languages.${report.locale}`) })}
          </Badge>
          <Text size="xs" c="dimmed">
            {report.provider.label}
          </Text>
        </Group>
      </Group>
      <Alert color={banner === 'builtin' ? 'gray' : 'yellow'} variant="light" radius="md" data-testid="report-banner" data-author={banner}>
        {t(`report.banner.${banner}`, { label: report.provider.label })}
      </Alert>
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

import type { ReactNode } from 'react';
import { Alert, Button, Group, List, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { classSplitChecks, codeClasses, formatMessage, yearRanges, type ClassCheck, type TargetClassPreviewRequest, type TargetClassPreviewResponse } from '@indicata/contracts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useTargetClassPreview } from '../api.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

function bound(value: number): string {
  return Number.isInteger(value) ? String(value) : Number(value.toPrecision(6)).toString();
}

/** A button label that wraps on a phone instead of running past the card (the Portuguese ones are long). */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal' as const, textAlign: 'left' as const, lineHeight: 1.35 } };

/** One of the preview's one-click changes of the discretization, as wide as its label and never wider than the card. */
function OfferButton({ onClick, testId, children }: { onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Button variant="light" color="cyan" size="xs" w="fit-content" maw="100%" h="auto" py={6} styles={WRAPPING_LABEL} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** Checks a different discretization can answer (not those of the split itself). */
const quantileHelps = (check: ClassCheck) => check.classIndex !== null || check.kind === 'oneClass' || check.kind === 'noTestInClasses';

function Checks({ checks, quantile }: { checks: ClassCheck[]; quantile: ReactNode }) {
  const refusals = checks.filter((c) => c.refuse);
  const warnings = checks.filter((c) => !c.refuse);
  const block = (list: ClassCheck[], color: string, testId: string) =>
    list.length > 0 && (
      <Alert color={color} variant="light" data-testid={testId} role={color === 'red' ? 'alert' : undefined}>
        <List size="sm" spacing={4}>
          {list.map((c) => (
            <List.Item key={`${c.kind}-${c.classIndex ?? ''}`}>{c.message}</List.Item>
          ))}
        </List>
      </Alert>
    );
  return (
    <>
      {block(refusals, 'red', 'class-refusals')}
      {block(warnings, 'orange', 'class-warnings')}
      {quantile}
    </>
  );
}

function SplitLine({ split }: { split: TargetClassPreviewResponse['split'] }) {
  const { t } = useTranslation('wizard');
  if (!split) return <Text size="sm" c="dimmed">{t('target.previewNoSplit')}</Text>;
  const where = split.testRegion ? formatMessage(t('classChecks.where'), { region: split.testRegion }) : '';
  const text = formatMessage(t('target.previewSplit'), {
    trainYears: split.trainYears.length > 0 ? yearRanges(split.trainYears) : '–',
    trainRows: split.trainRows,
    testYears: yearRanges(split.testYears),
    where,
    testRows: split.testRows,
  });
  return <Text size="sm" data-testid="class-preview-split">{text}</Text>;
}

/** Whether the discretization already keeps each code as its own class, titled as codeClasses titles it. */
function keepsCodes(discretization: TargetClassPreviewRequest['discretization'], codes: readonly number[]): boolean {
  const wanted = codeClasses(codes);
  if (discretization.mode !== 'manual' || discretization.classes.length !== wanted.length) return false;
  return discretization.classes.every((c, i) => c.title === wanted[i].title && c.min <= codes[i] && codes[i] <= c.max);
}

/**
 * The class counts a target discretization gives on the chosen data: overall and, once the split is chosen, in its
 * training and test years, with what cannot be trained or tested (refused on saving) and what the test will not be
 * able to judge, each in words, and quantile groups one click away.
 * @param onUseQuantile switches the form to quantile groups (offered when a class is the problem)
 * @param onUseCodes switches the form to one class per code (offered when the target holds a few whole numbers only)
 */
export function ClassPreview({
  request,
  onUseQuantile,
  onUseCodes,
}: {
  request: TargetClassPreviewRequest | null;
  onUseQuantile?: () => void;
  onUseCodes?: (codes: number[]) => void;
}) {
  const { t } = useTranslation('wizard');
  const locale = useReaderLocale();
  const preview = useTargetClassPreview(request);
  const f = (key: string, values: Record<string, string | number>) => formatMessage(t(key), values);

  let body;
  if (!request) body = <Text size="sm" c="dimmed">{t('target.previewEmpty')}</Text>;
  else if (preview.isPending)
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('target.previewLoading')}
        </Text>
      </Group>
    );
  else if (preview.isError) body = <Alert color="red" variant="light">{f('target.previewFailed', { detail: apiErrorText(preview.error, t) })}</Alert>;
  else {
    const data = preview.data;
    const checks = classSplitChecks(data, locale);
    const flagged = new Set(checks.map((c) => c.classIndex).filter((i) => i !== null));
    const largest = Math.max(1, ...data.classes.map((c) => c.count));
    const { discretization } = request;
    const isQuantile = discretization.mode === 'automatic' && discretization.method === 'quantile';
    const groups = discretization.mode === 'automatic' ? discretization.groups : discretization.classes.length;
    const quantile = onUseQuantile && !isQuantile && checks.some(quantileHelps) && (
      <OfferButton onClick={onUseQuantile} testId="use-quantile">
        {f('target.useQuantile', { groups })}
      </OfferButton>
    );
    const codes = data.codes;
    const offerCodes = onUseCodes && codes && !keepsCodes(discretization, codes) && (
      <Alert color="cyan" variant="light" data-testid="target-codes">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{f('target.codesHint', { codes: codes.join(', ') })}</Text>
          <OfferButton onClick={() => onUseCodes(codes)} testId="use-codes">
            {f('target.useCodes', { count: codes.length })}
          </OfferButton>
        </Stack>
      </Alert>
    );
    // Automatic classes are titled by their range already; manual ones show it beside their title.
    const showRange = discretization.mode === 'manual';
    const split = data.split !== null;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {f('target.previewRows', { count: data.rows })}
          {data.missing > 0 ? ` · ${f('target.previewMissing', { count: data.missing })}` : ''}
          {data.unassigned > 0 ? ` · ${f('target.previewOutside', { count: data.unassigned })}` : ''}
        </Text>
        <SplitLine split={data.split} />
        {/* Fits a 390 px phone; scrolls inside itself on anything narrower rather than widening the page. */}
        <Table.ScrollContainer minWidth={split ? 290 : 240}>
          <Table verticalSpacing={4} data-testid="class-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('classTable.class')}</Table.Th>
                {showRange && <Table.Th>{t('target.range')}</Table.Th>}
                <Table.Th w={split ? '30%' : '40%'}>{t('target.count')}</Table.Th>
                {split && <Table.Th ta="right">{t('target.trainCount')}</Table.Th>}
                {split && <Table.Th ta="right">{t('target.testCount')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.classes.map((c, i) => (
                <Table.Tr key={c.index} data-flagged={flagged.has(i) || undefined}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.title}
                    </Text>
                  </Table.Td>
                  {showRange && (
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {bound(c.min)} – {bound(c.max)}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={(100 * c.count) / largest} color={flagged.has(i) ? 'orange' : 'cyan'} style={{ flex: 1 }} aria-hidden />
                      <Text size="sm" w={48} ta="right">
                        {c.count}
                      </Text>
                    </Group>
                  </Table.Td>
                  {split && (
                    <Table.Td ta="right">
                      <Text size="sm">{c.train}</Text>
                    </Table.Td>
                  )}
                  {split && (
                    <Table.Td ta="right">
                      <Text size="sm" c={c.test === 0 ? 'red' : undefined} fw={c.test === 0 ? 600 : undefined}>
                        {c.test}
                      </Text>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {offerCodes}
        <Checks checks={checks} quantile={quantile} />
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('target.preview')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('target.previewHint')}
      </Text>
      {body}
    </Stack>
  );
}

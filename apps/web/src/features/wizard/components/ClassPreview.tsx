import { Alert, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMessage, TINY_CLASS_ROWS, type TargetClassPreviewRequest } from '@indicata/contracts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useTargetClassPreview } from '../api.ts';

function bound(value: number): string {
  return Number.isInteger(value) ? String(value) : Number(value.toPrecision(6)).toString();
}

/** The class counts a target discretization gives on the chosen data, with a warning for tiny classes. */
export function ClassPreview({ request }: { request: TargetClassPreviewRequest | null }) {
  const { t } = useTranslation('wizard');
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
    const largest = Math.max(1, ...data.classes.map((c) => c.count));
    const tiny = data.classes.some((c) => c.count < TINY_CLASS_ROWS);
    // Automatic classes are titled by their range already; manual ones show it beside their title.
    const showRange = request.discretization.mode === 'manual';
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {f('target.previewRows', { count: data.rows })}
          {data.missing > 0 ? ` · ${f('target.previewMissing', { count: data.missing })}` : ''}
          {data.unassigned > 0 ? ` · ${f('target.previewOutside', { count: data.unassigned })}` : ''}
        </Text>
        <Table verticalSpacing={4} data-testid="class-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('classTable.class')}</Table.Th>
              {showRange && <Table.Th>{t('target.range')}</Table.Th>}
              <Table.Th w="40%">{t('target.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.classes.map((c) => (
              <Table.Tr key={c.index}>
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
                    <Progress value={(100 * c.count) / largest} color={c.count < TINY_CLASS_ROWS ? 'orange' : 'cyan'} style={{ flex: 1 }} aria-hidden />
                    <Text size="sm" w={48} ta="right">
                      {c.count}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {tiny && (
          <Alert color="orange" variant="light">
            {f('target.tinyClasses', { min: TINY_CLASS_ROWS })}
          </Alert>
        )}
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

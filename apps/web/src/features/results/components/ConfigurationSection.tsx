import { useState } from 'react';
import { indicatorName } from '@indicata/contracts';
import { Collapse, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJob } from '../resultsApi.ts';
import { buildConfigurationView } from '../configuration.ts';
import { useIndicatorNames } from '../useIndicatorNames.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

/**
 * "AutoML Configurations": closed at first; the first click loads the stored configuration
 * (shared with the detail's query cache), later clicks toggle it. Indicators read by name with their code.
 */
export function ConfigurationSection({ jobId }: { jobId: string }) {
  const { t } = useTranslation('results');
  const locale = useReaderLocale();
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  const job = useJob(jobId, requested);

  const toggle = () => {
    setRequested(true);
    setOpened((value) => !value);
  };

  const names = useIndicatorNames(job.data);
  const nameOf = (column: string) => indicatorName(column, names, locale, { withCode: true });
  const view = job.data ? buildConfigurationView(job.data.data, job.data.results?.usedIndicators.map((row) => row.indicatorAnalyzingName), nameOf) : null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="configurations">
      <UnstyledButton onClick={toggle} aria-expanded={opened} aria-controls="automl-configurations" w="100%">
        <Group justify="space-between">
          <Title order={4}>{t('config.title')}</Title>
          <Text c="dimmed" aria-hidden="true" style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}>
            ›
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={opened} id="automl-configurations">
        <Stack gap="md" mt="md">
          {job.isPending ? (
            <Text c="dimmed">{t('config.loading')}</Text>
          ) : !view ? (
            <Text c="dimmed">{t('config.empty')}</Text>
          ) : (
            <>
              <Table withRowBorders={false} verticalSpacing={4} fz="sm" data-testid="configuration-fields">
                <Table.Tbody>
                  {view.lines.map((line) => (
                    <Table.Tr key={line.field}>
                      <Table.Th w="40%" fw={600}>
                        {t(`config.labels.${line.labelKey}`)}
                      </Table.Th>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{line.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {view.models.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {view.models.map((model) => (
                    <Paper key={model.field} withBorder radius="sm" p="sm" data-testid={`configuration-${model.family}`}>
                      <Text fw={600} size="sm" mb={4}>
                        {t(`config.models.${model.family}`)}
                      </Text>
                      {model.auto ? (
                        <Text size="sm" c="dimmed">
                          {t('config.auto')}
                        </Text>
                      ) : (
                        <Table withRowBorders={false} verticalSpacing={2} fz="xs">
                          <Table.Tbody>
                            {model.params.map((param) => (
                              <Table.Tr key={param.name}>
                                <Table.Td c="dimmed">{param.name}</Table.Td>
                                <Table.Td>{param.value}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      )}
                    </Paper>
                  ))}
                </SimpleGrid>
              )}
            </>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}

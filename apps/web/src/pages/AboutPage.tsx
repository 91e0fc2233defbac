import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../features/config/usePublicConfig.ts';

const STEPS = ['data', 'questions', 'target', 'preprocessing', 'models', 'results'] as const;

/** Route /about: what Indicata is and how it treats data, in the chosen language. */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const { data: config } = usePublicConfig();

  const section = (titleKey: string, body: React.ReactNode) => (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={2} size="h4" mb="xs">
        {t(titleKey)}
      </Title>
      {body}
    </Paper>
  );

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{t('title')}</Title>
      <Text size="lg">{t('lead')}</Text>
      {section('whoTitle', <Text>{t('whoBody')}</Text>)}
      {section(
        'howTitle',
        <List type="ordered" spacing="xs">
          {STEPS.map((step) => (
            <List.Item key={step}>{t(`howSteps.${step}`)}</List.Item>
          ))}
        </List>,
      )}
      {section('principlesTitle', <Text>{t('principlesBody')}</Text>)}
      {section('reportTitle', <Text>{t('reportBody')}</Text>)}
      {section('dataTitle', <Text>{t('dataBody')}</Text>)}
      {section('whoDataTitle', <Text>{t('whoDataBody')}</Text>)}
      {section(
        'contactTitle',
        <Text>
          {t('contactBody')}{' '}
          {config ? <Anchor href={`mailto:${config.contactEmail}`}>{config.contactEmail}</Anchor> : '…'}
        </Text>,
      )}
    </Stack>
  );
}

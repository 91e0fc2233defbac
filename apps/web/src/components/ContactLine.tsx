import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../features/config/usePublicConfig.ts';

/** The footer's contact line; the address comes from GET /api/config/public. */
export function ContactLine() {
  const { t } = useTranslation();
  const { data, isError } = usePublicConfig();
  if (isError) return <Text size="sm" c="dimmed">{t('footer.contactUnavailable')}</Text>;
  return (
    <Text size="sm" c="dimmed" data-testid="contact-line">
      {t('footer.contact')}{' '}
      {data ? (
        <Anchor href={`mailto:${data.contactEmail}`} size="sm">
          {data.contactEmail}
        </Anchor>
      ) : (
        '…'
      )}
    </Text>
  );
}

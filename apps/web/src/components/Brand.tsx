import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-cyan-8)" />
      <path d="M8 22V10M14 22v-7M20 22v-4M26 22V8" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The product mark and name. */
export function Brand({ withTagline = false }: { withTagline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Logo />
      <div>
        <Text fw={700} size="lg" lh={1.1}>
          {t('appName')}
        </Text>
        {withTagline && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {t('tagline')}
          </Text>
        )}
      </div>
    </Group>
  );
}

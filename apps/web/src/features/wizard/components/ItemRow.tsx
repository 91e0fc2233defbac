import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ItemRowProps {
  code: string;
  label: string;
  auto: boolean;
  onAuto: () => void;
  onConfigure: () => void;
  onDisable: () => void;
}

/** An added step or model with its own Auto, Configure and Disable buttons. */
export function ItemRow({ code, label, auto, onAuto, onConfigure, onDisable }: ItemRowProps) {
  const { t } = useTranslation('wizard');
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py={6} data-testid={`item-${code}`}>
      <Group gap="sm" wrap="nowrap">
        <Text fw={600} ff="monospace" size="sm" miw={150}>
          {code}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Badge variant="light" color={auto ? 'cyan' : 'grape'} size="sm">
          {auto ? t('autoOn') : t('customised')}
        </Badge>
      </Group>
      <Group gap="xs">
        <Button size="xs" variant={auto ? 'filled' : 'default'} aria-pressed={auto} aria-label={`${t('auto')}: ${code}`} onClick={onAuto}>
          {t('auto')}
        </Button>
        <Button size="xs" variant="default" aria-label={`${t('configure')}: ${code}`} onClick={onConfigure}>
          {t('configure')}
        </Button>
        <Button size="xs" variant="subtle" color="red" aria-label={`${t('disable')}: ${code}`} onClick={onDisable}>
          {t('disable')}
        </Button>
      </Group>
    </Group>
  );
}

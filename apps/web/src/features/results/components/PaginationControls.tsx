import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous / Next with "Page X of Y". */
export function PaginationControls({ page, pageCount, onChange }: { page: number; pageCount: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('results');
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('pagination.page', { page, total: pageCount })}
      </Text>
      <Button size="xs" variant="default" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        {t('pagination.next')}
      </Button>
    </Group>
  );
}

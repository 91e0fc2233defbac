import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ValidationMethod } from '@indicata/contracts';

const PARAGRAPHS = ['verdict', 'chosen', 'resultados', 'predictions', 'baselines', 'confusion', 'indicators', 'hyperparameters'] as const;

/**
 * The "?" button: how to read the results, in a dialog with a close button.
 * @param method how the run was validated, so the paragraph on the choice says the folds it used
 */
export function InfoPopup({ method = 'forward-chaining' }: { method?: ValidationMethod }) {
  const { t } = useTranslation('results');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="light" radius="xl" size="lg" onClick={open} aria-label={t('info.open')} title={t('info.open')}>
        <Text fw={700} size="sm" aria-hidden="true">
          {t('info.button')}
        </Text>
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={t('info.title')} size="lg" withCloseButton={false}>
        <Stack gap="sm">
          {PARAGRAPHS.map((key) => (
            <Text key={key} size="sm">
              {t(`info.body.${key === 'chosen' && method === 'random' ? 'chosenRandom' : key}`)}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button onClick={close}>{t('info.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './useGoBack.ts';

interface WizardPageProps {
  title: string;
  intro?: string;
  children: ReactNode;
  /** Called by "Save Configurations"; absent on pages with their own action. */
  onSave?: () => void;
  saveLabel?: string;
  saving?: boolean;
  /** Extra content beside the save button. */
  footer?: ReactNode;
}

/** The frame of every configuration page: back button, title, explanation, content, save button. */
export function WizardPage({ title, intro, children, onSave, saveLabel, saving, footer }: WizardPageProps) {
  const { t } = useTranslation('wizard');
  const goBack = useGoBack();
  return (
    <Stack gap="lg" maw={980}>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={goBack} leftSection={<span aria-hidden>←</span>}>
          {t('page.back')}
        </Button>
      </Group>
      <div>
        <Title order={1}>{title}</Title>
        {intro && (
          <Text c="dimmed" mt={6} maw={760}>
            {intro}
          </Text>
        )}
      </div>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {children}
      </Paper>
      {(onSave || footer) && (
        <Group justify="space-between">
          <div>{footer}</div>
          {onSave && (
            <Button onClick={onSave} loading={saving} size="md">
              {saveLabel ?? t('page.save')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand.tsx';
import { ContactLine } from './ContactLine.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useRouteAnnouncements } from './useRouteAnnouncements.ts';
import classes from './AuthLayout.module.css';

/** Public screens (Login, Register): the product's pitch beside the form; stacked on narrow windows. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useRouteAnnouncements('auth-main', 'login');
  return (
    <Box className={classes.page}>
      <Group justify="space-between" className={classes.topBar} wrap="nowrap">
        <Brand />
        <LanguageSwitch />
      </Group>
      <Box component="main" id="auth-main" tabIndex={-1} className={classes.grid}>
        <Stack className={classes.pitch} gap="md">
          <Title order={2} className={classes.pitchTitle}>
            {t('tagline')}
          </Title>
          <Text className={classes.pitchText}>{t('about:lead')}</Text>
          <List spacing="xs" className={classes.pitchText}>
            <List.Item>{t('about:howSteps.data')}</List.Item>
            <List.Item>{t('about:howSteps.models')}</List.Item>
            <List.Item>{t('about:principlesTitle')}: {t('about:principlesBody')}</List.Item>
          </List>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="xl" className={classes.card}>
          {children}
        </Paper>
      </Box>
      <Box component="footer" className={classes.footer}>
        <ContactLine />
      </Box>
    </Box>
  );
}

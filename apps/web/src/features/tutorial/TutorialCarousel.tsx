import type { KeyboardEvent } from 'react';
import { Alert, Badge, Box, Button, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { TUTORIAL_ITEM_KEYS } from '@indicata/contracts';
import { useWrapAroundIndex } from './useWrapAroundIndex.ts';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon } from '../../components/Icons.tsx';
import classes from './TutorialCarousel.module.css';

/**
 * The Home tutorial: the spec's six help items, one at a time, with Previous/Next that wrap around,
 * dots to jump, Left/Right arrow keys, and the language-model warning below.
 */
export function TutorialCarousel() {
  const { t } = useTranslation('tutorial');
  const total = TUTORIAL_ITEM_KEYS.length;
  const { index, next, previous, goTo } = useWrapAroundIndex(total);
  const key = TUTORIAL_ITEM_KEYS[index];
  const position = t('position', { current: index + 1, total });
  // Returning users can fold the tutorial away; the choice is remembered on this browser.
  const [hidden, setHidden] = useLocalStorage({ key: 'indicata.tutorialHidden', defaultValue: false, getInitialValueInEffect: false });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="tutorial-heading">
            {t('title')}
          </Title>
          <Group gap="sm" wrap="nowrap">
            {!hidden && (
              <Text size="sm" c="dimmed" aria-hidden>
                {position}
              </Text>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={!hidden}
              aria-controls="tutorial-body"
              onClick={() => setHidden((value) => !value)}
            >
              {hidden ? t('show') : t('hide')}
            </Button>
          </Group>
        </Group>

        <Collapse in={!hidden} id="tutorial-body" transitionDuration={150}>
          <Stack gap="md">
            <Box
              role="region"
              aria-roledescription="carousel"
              aria-label={t('label')}
              onKeyDown={onKeyDown}
              className={classes.viewport}
            >
              <div
                role="group"
                aria-roledescription="slide"
                aria-label={position}
                aria-live="polite"
                aria-atomic="true"
                className={classes.slide}
                data-testid="tutorial-slide"
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Badge size="lg" radius="sm" variant="filled" color="cyan" aria-hidden className={classes.number}>
                    {index + 1}
                  </Badge>
                  <Box>
                    <Title order={3} size="h5">
                      {t(`items.${key}.title`)}
                    </Title>
                    <Text mt={4}>{t(`items.${key}.body`)}</Text>
                  </Box>
                </Group>
              </div>

              <div className={classes.controls}>
                <Button variant="default" leftSection={<ChevronLeftIcon />} onClick={previous} className={classes.previous}>
                  {t('previous')}
                </Button>
                <Group gap={0} wrap="nowrap" className={classes.dots}>
                  {TUTORIAL_ITEM_KEYS.map((itemKey, i) => (
                    <UnstyledButton
                      key={itemKey}
                      className={classes.dot}
                      data-active={i === index || undefined}
                      aria-label={t('goTo', { number: i + 1 })}
                      aria-current={i === index ? 'step' : undefined}
                      onClick={() => goTo(i)}
                    />
                  ))}
                </Group>
                <Button variant="default" rightSection={<ChevronRightIcon />} onClick={next} className={classes.next}>
                  {t('next')}
                </Button>
              </div>
            </Box>

            <Alert variant="light" color="yellow" icon={<AlertIcon />} title={t('warningTitle')} data-testid="llm-warning">
              {t('messages:llmWarning')}
            </Alert>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}

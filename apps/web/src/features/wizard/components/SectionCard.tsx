import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './SectionCard.module.css';

interface SectionCardProps {
  /** Short step marker shown in the circle ("1.1", "2"). */
  marker: string;
  title: string;
  description?: string;
  /** Controls on the right of the heading (e.g. the Auto switch). */
  aside?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** One numbered part of the Configure AutoML tab. */
export function SectionCard({ marker, title, description, aside, children, testId }: SectionCardProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <span className={classes.marker} aria-hidden>
              {marker}
            </span>
            <div>
              <Title order={2} size="h4">
                {title}
              </Title>
              {description && (
                <Text size="sm" c="dimmed" mt={2} maw={640}>
                  {description}
                </Text>
              )}
            </div>
          </Group>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

interface PageWithBackProps {
  backLabel: string;
  title: string;
  /** The paragraph under the title, when the page has one. */
  intro?: string;
  /** The stack's width limit, when the whole page is one column of reading width. */
  maw?: number;
  children: ReactNode;
}

/** A page reached from the home screen: "Back" to where the user came from, the title, the intro, the content. */
export default function PageWithBack({ backLabel, title, intro, maw, children }: PageWithBackProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={maw}>
      <Group>
        <Button variant="default" onClick={() => navigate(-1)}>
          {backLabel}
        </Button>
      </Group>
      <Title order={1}>{title}</Title>
      {intro !== undefined && <Text maw={820}>{intro}</Text>}
      {children}
    </Stack>
  );
}

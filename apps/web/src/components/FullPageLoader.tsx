import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a visible, announced label. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

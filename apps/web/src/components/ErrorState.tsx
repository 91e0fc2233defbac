import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
  fullPage?: boolean;
}

/** A failure the person can act on: what went wrong and a button to try again. */
export function ErrorState({ title, message, onRetry, retryLabel, fullPage }: ErrorStateProps) {
  const { t } = useTranslation();
  const body = (
    <Alert color="red" title={title} role="alert" maw={520} w="100%">
      <Stack gap="sm">
        {message && <Text size="sm">{message}</Text>}
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry} w="fit-content">
            {retryLabel ?? t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
  return fullPage ? <Center mih="60vh" p="md">{body}</Center> : body;
}

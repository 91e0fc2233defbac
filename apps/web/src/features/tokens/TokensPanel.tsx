import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PREDICT_LIMITS, type ApiToken, type CreateApiTokenResponse } from '@indicata/contracts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { confirm } from '../../lib/notify.tsx';
import { formatJobDate } from '../results/format.ts';
import { isDemoUser, useCurrentUser } from '../auth/useCurrentUser.ts';
import { createToken, fetchTokens, revokeToken, tokensQueryKey } from './tokensApi.ts';

/**
 * Personal API tokens: create one (its secret shown once, with a copy button), list them (name, prefix,
 * created, last used, status) and revoke one after a confirmation.
 */
export function TokensPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const demo = isDemoUser(user);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const tokens = useQuery({ queryKey: tokensQueryKey, queryFn: fetchTokens });
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (answer) => {
      setCreated(answer);
      setName('');
      void queryClient.invalidateQueries({ queryKey: tokensQueryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });

  const askRevoke = async (token: ApiToken) => {
    const sure = await confirm(t('profile.revokeBody', { name: token.name }), { title: t('profile.revokeTitle'), confirmLabel: t('profile.revokeConfirm'), cancelLabel: t('profile.keep') });
    if (sure) revoke.mutate(token.id);
  };

  return (
    <Stack gap="lg" maw={900} data-testid="tokens-panel">
      <Title order={1}>{t('profile.title')}</Title>
      <Text>{t('profile.intro')}</Text>
      {demo ? (
        <Alert color="grape" variant="light" data-testid="tokens-demo">
          {t('profile.demo')}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: React.FormEvent) => { event.preventDefault(); if (name.trim()) create.mutate(name.trim()); }}>
          <Group align="flex-end">
            <TextInput
              label={t('profile.name')}
              placeholder={t('profile.namePlaceholder')}
              value={name}
              maxLength={PREDICT_LIMITS.tokenNameMaxLength}
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid="token-name"
              w={320}
            />
            <Button type="submit" disabled={!name.trim()} loading={create.isPending} data-testid="token-create">
              {t('profile.create')}
            </Button>
          </Group>
          {create.isError && (
            <Alert color="red" variant="light" mt="sm" data-testid="token-error">
              {t('profile.failed', { reason: apiErrorText(create.error, t) })}
            </Alert>
          )}
        </Paper>
      )}
      {created && (
        <Alert color="yellow" variant="light" title={t('profile.createdTitle', { name: created.token.name })} data-testid="token-secret">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('profile.createdWarning')}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} data-testid="token-secret-value">
                {created.secret}
              </Code>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy} data-testid="token-copy">
                    {copied ? t('profile.copied') : t('profile.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('profile.list')}
        </Title>
        {tokens.isPending ? (
          <Text c="dimmed">{t('profile.loading')}</Text>
        ) : tokens.isError ? (
          <Alert color="red" variant="light">
            {t('profile.failed', { reason: apiErrorText(tokens.error, t) })}
          </Alert>
        ) : tokens.data.length === 0 ? (
          <Text c="dimmed" data-testid="tokens-empty">
            {t('profile.empty')}
          </Text>
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={640}>
              <Table striped fz="sm" data-testid="tokens-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('profile.columnName')}</Table.Th>
                    <Table.Th>{t('profile.columnPrefix')}</Table.Th>
                    <Table.Th>{t('profile.columnCreated')}</Table.Th>
                    <Table.Th>{t('profile.columnLastUsed')}</Table.Th>
                    <Table.Th>{t('profile.columnStatus')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tokens.data.map((token) => (
                    <Table.Tr key={token.id} data-token-id={token.id}>
                      <Table.Td>{token.name}</Table.Td>
                      <Table.Td>
                        <Code>{token.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>{formatJobDate(token.createdAt)}</Table.Td>
                      <Table.Td>{token.lastUsedAt ? formatJobDate(token.lastUsedAt) : t('profile.never')}</Table.Td>
                      <Table.Td>
                        {token.revokedAt ? (
                          <Badge color="gray" variant="light">
                            {t('profile.revoked', { date: formatJobDate(token.revokedAt) })}
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="light">
                            {t('profile.live')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!token.revokedAt && !demo && (
                          <Button size="xs" color="red" variant="light" onClick={() => void askRevoke(token)} loading={revoke.isPending && revoke.variables === token.id} aria-label={`${t('profile.revoke')} ${token.name}`}>
                            {t('profile.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {revoke.isError && (
          <Alert color="red" variant="light">
            {t('profile.failed', { reason: apiErrorText(revoke.error, t) })}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

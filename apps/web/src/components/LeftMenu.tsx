import { Anchor, Avatar, Badge, Box, Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isDemoUser, useCurrentUser } from '../features/auth/useCurrentUser.ts';
import { useAuthActions } from '../features/auth/useAuthActions.ts';
import { HomeIcon, InfoIcon, LogOutIcon, UserIcon } from './Icons.tsx';

/** The left menu: navigation, the current user and Log Out (or "User not authenticated" and a log-in link). */
export function LeftMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const { signOut } = useAuthActions();
  const [signingOut, setSigningOut] = useState(false);

  const links = [
    { to: '/home', label: t('menu.home'), icon: <HomeIcon /> },
    { to: '/about', label: t('menu.about'), icon: <InfoIcon /> },
  ];

  return (
    <Stack justify="space-between" h="100%" gap="md">
      <Box component="nav" aria-label={t('menu.label')}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            leftSection={link.icon}
            active={location.pathname === link.to}
            aria-current={location.pathname === link.to ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </Box>

      <Stack gap="sm">
        <Divider />
        {user ? (
          <>
            <Group gap="sm" wrap="nowrap" data-testid="current-user">
              <Avatar color="cyan" radius="xl" aria-hidden>
                {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
              </Avatar>
              <Box miw={0}>
                <Text size="xs" c="dimmed">
                  {t('menu.signedInAs')}
                </Text>
                <Text size="sm" fw={600} truncate>
                  {`${user.firstName} ${user.lastName}`.trim()}
                </Text>
                <Text size="xs" c="dimmed" truncate title={user.email}>
                  {user.email}
                </Text>
              </Box>
            </Group>
            <NavLink
              component={Link}
              to="/profile"
              label={t('menu.tokens')}
              leftSection={<UserIcon />}
              active={location.pathname === '/profile'}
              aria-current={location.pathname === '/profile' ? 'page' : undefined}
              onClick={onNavigate}
              data-testid="menu-tokens"
            />
            {isDemoUser(user) && (
              <Badge variant="light" color="grape" w="fit-content">
                {t('menu.demoAccount')}
              </Badge>
            )}
            <Button
              variant="default"
              leftSection={<LogOutIcon />}
              loading={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await signOut();
              }}
            >
              {t('menu.logOut')}
            </Button>
          </>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('messages:userNotAuthenticated')}
            </Text>
            <Anchor component={Link} to="/" size="sm">
              {t('menu.logIn')}
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

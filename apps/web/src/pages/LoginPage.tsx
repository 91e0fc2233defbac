import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { demoLoginRequest, loginRequest } from '../features/auth/authApi.ts';
import { DEMO_LANDING, useAuthActions } from '../features/auth/useAuthActions.ts';
import { isDemoUser, useCurrentUser } from '../features/auth/useCurrentUser.ts';
import { ApiRequestError } from '../lib/api.ts';
import { apiErrorText } from '../lib/api-error-text.ts';

/** What the register page hands over when it sends a new user here: the address they registered with. */
export interface RegisteredState {
  registeredEmail: string;
}

function registeredEmail(state: unknown): string {
  const value = (state as Partial<RegisteredState> | null)?.registeredEmail;
  return typeof value === 'string' ? value : '';
}

/** Route /: email and password, Register link, and "See more" for the demo account. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { signedIn } = useAuthActions();
  const registered = registeredEmail(useLocation().state);
  const [email, setEmail] = useState(registered);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<'login' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const { data: currentUser } = useCurrentUser();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) {
      document.getElementsByName(empty.email ? 'email' : 'password')[0]?.focus();
      return;
    }
    setPending('login');
    try {
      const user = await loginRequest({ email: email.trim(), password });
      signedIn(user, '/home');
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.status === 401 ? t('messages:loginFailed') : apiErrorText(failure, t),
      );
      setPending(null);
    }
  };

  const onSeeMore = async () => {
    setError(null);
    setPending('demo');
    try {
      const user = await demoLoginRequest();
      signedIn(user, DEMO_LANDING);
    } catch (failure) {
      setError(failure instanceof ApiRequestError && failure.status < 500 && failure.status > 0 ? t('demoFailed') : apiErrorText(failure, t));
      setPending(null);
    }
  };

  // Someone already signed in (a valid session cookie) has nothing to do here.
  if (currentUser && pending === null) return <Navigate to={isDemoUser(currentUser) ? DEMO_LANDING : '/home'} replace />;

  return (
    <AuthLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('login.subtitle')}
          </Text>
        </div>

        <form onSubmit={onSubmit} noValidate aria-describedby={error ? 'login-error' : undefined}>
          <Stack gap="md">
            <TextInput
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              error={missing.email ? t('validation.required') : undefined}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              // Just registered: the e-mail is filled in, the password is what is left to type.
              autoFocus={registered !== ''}
              required
              value={password}
              error={missing.password ? t('validation.required') : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {error && (
              <Alert color="red" role="alert" id="login-error" variant="light">
                {error}
              </Alert>
            )}
            <Button type="submit" fullWidth loading={pending === 'login'} disabled={pending !== null && pending !== 'login'}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>

        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.register')}
          </Anchor>
        </Text>

        <Divider label={t('login.or')} labelPosition="center" />

        <Stack gap={6}>
          <Button variant="light" fullWidth onClick={onSeeMore} loading={pending === 'demo'} disabled={pending === 'login'}>
            {t('login.seeMore')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('login.seeMoreHint')}
          </Text>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}

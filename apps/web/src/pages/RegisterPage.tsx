import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegisterRequest } from '@indicata/contracts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { registerRequest } from '../features/auth/authApi.ts';
import { ApiRequestError } from '../lib/api.ts';
import { apiErrorText } from '../lib/api-error-text.ts';
import { notify } from '../lib/notify.tsx';
import type { RegisteredState } from './LoginPage.tsx';

type Field = keyof RegisterRequest;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'institution', 'email', 'password'];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

/** Route /register: every field required; on success an alert and back to the login page. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterRequest>({ firstName: '', lastName: '', institution: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const validate = (): Partial<Record<Field, string>> => {
    const errors: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) if (!values[field].trim()) errors[field] = t('validation.required');
    if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) errors.email = t('validation.email');
    if (!errors.password && values.password.length < MIN_PASSWORD) errors.password = t('validation.passwordLength');
    return errors;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errors = validate();
    setFieldErrors(errors);
    const firstInvalid = FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setPending(true);
    try {
      await registerRequest({ ...values, email: values.email.trim() });
      notify.success(t('register.success'));
      // The login page starts with this address filled in, so the new user types only the password.
      navigate('/', { state: { registeredEmail: values.email.trim() } satisfies RegisteredState });
    } catch (error) {
      console.error('Registration failed', error instanceof ApiRequestError ? error.code : error);
      if (error instanceof ApiRequestError && error.fields) setFieldErrors(error.fields as Partial<Record<Field, string>>);
      setFailure(t('messages:registerFailed', { message: apiErrorText(error, t) }));
      setPending(false);
    }
  };

  const goBack = () => {
    // history.state.idx is React Router's position; at 0 there is no page to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };

  const bind = (field: Field) => ({
    name: field,
    required: true,
    withAsterisk: true,
    value: values[field],
    error: fieldErrors[field],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <AuthLayout>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('register.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('register.subtitle')}
          </Text>
        </div>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label={t('register.firstName')} autoComplete="given-name" {...bind('firstName')} />
              <TextInput label={t('register.lastName')} autoComplete="family-name" {...bind('lastName')} />
            </SimpleGrid>
            <TextInput label={t('register.institution')} autoComplete="organization" {...bind('institution')} />
            <TextInput label={t('register.email')} type="email" autoComplete="email" {...bind('email')} />
            <PasswordInput
              label={t('register.password')}
              description={t('register.passwordHint')}
              autoComplete="new-password"
              {...bind('password')}
            />
            {failure && (
              <Text c="red" size="sm" role="alert" data-testid="register-error">
                {failure}
              </Text>
            )}
            <Button type="submit" fullWidth loading={pending}>
              {t('register.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="center" gap="xs">
          <Text size="sm">{t('register.haveAccount')}</Text>
          <Button variant="subtle" size="compact-sm" onClick={goBack}>
            {t('register.login')}
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}

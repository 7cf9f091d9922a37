import { useState } from 'react';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { login, requestAccessToken, toast } from 'runtime-kernel';
import { authErrorMessage } from 'web-kit/auth-errors';
import { SignInSchema } from 'shared-contracts/accounts';
import { schemaValidator } from 'web-kit/form-validation';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { redirectTarget } from '../lib/redirect-target';
import { useT } from '@/features/auth/i18n';

export function LoginPage() {
  const location = useLocation();
  const t = useT();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { email: '', password: '' },
    // A field's message stays until the next submit: typing does not make it come and go.
    clearInputErrorOnChange: false,
    validate: schemaValidator(SignInSchema, {
      payload: (values) => ({ ...values, email: values.email.trim() }),
      messages: {
        email: { required: 'auth.emailMissing', invalid: 'auth.emailInvalid' },
        password: 'auth.passwordMissing',
      },
      t,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const goBack = () => navigate(redirectTarget(location.state, location.search), { replace: true });
  const google = useGoogleSignIn({ onSuccess: goBack, onError: (e) => setError(authErrorMessage(e)) });

  const handleSubmit = async ({ email, password }: typeof form.values) => {
    setError(null);
    try {
      const { user } = await login(email.trim(), password);
      if (user.email) await requestAccessToken(user.email);
      toast.success(t('auth.loggedIn'));
      goBack();
    } catch (e) {
      setError(authErrorMessage(e));
    }
  };

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      error={error}
      footer={
        <>
          {t('auth.newHere')}{' '}
          <Anchor component={Link} to="/register" state={location.state} fw={600}>
            {t('auth.createAccount')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={t('auth.loginTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            required
            {...form.getInputProps('email')}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor
              component={Link}
              to="/forgot"
              state={{ ...(location.state ?? {}), email: form.values.email }}
              size="sm"
            >
              {t('auth.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={form.submitting} disabled={google.pending}>
            {t('auth.login')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <GoogleSignInButton onClick={() => void google.signIn()} loading={google.pending} />
    </AuthCard>
  );
}

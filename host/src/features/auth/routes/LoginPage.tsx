import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { authErrorMessage, login, requestAccessToken, toast } from 'shared-auth';
import { emailFieldError } from '@/shared/lib/email';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { redirectTarget } from '../lib/redirect-target';
import { useT } from '@/shared/i18n';

interface FieldErrors {
  email?: string | null;
  password?: string | null;
}

export function LoginPage() {
  const location = useLocation();
  const t = useT();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const goBack = () => navigate(redirectTarget(location.state, location.search), { replace: true });
  const google = useGoogleSignIn({ onSuccess: goBack, onError: (e) => setError(authErrorMessage(e)) });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: FieldErrors = {
      email: emailFieldError(email, t),
      password: password ? null : t('auth.passwordMissing'),
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setError(null);
    setSubmitting(true);
    try {
      const { user } = await login(email.trim(), password);
      if (user.email) await requestAccessToken(user.email);
      toast.success(t('auth.loggedIn'));
      goBack();
    } catch (e) {
      setError(authErrorMessage(e));
      setSubmitting(false);
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
      <form onSubmit={handleSubmit} noValidate aria-label={t('auth.loginTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder')}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot" state={{ ...(location.state ?? {}), email }} size="sm">
              {t('auth.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting} disabled={google.pending}>
            {t('auth.login')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <GoogleSignInButton onClick={() => void google.signIn()} loading={google.pending} />
    </AuthCard>
  );
}

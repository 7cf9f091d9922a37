import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { authErrorMessage, login, requestAccessToken, toast } from 'shared-auth';
import { emailFieldError } from '@/shared/lib/email';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { redirectTarget } from '../lib/redirect-target';

interface FieldErrors {
  email?: string | null;
  password?: string | null;
}

export function LoginPage() {
  const location = useLocation();
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
      email: emailFieldError(email),
      password: password ? null : 'Enter your password',
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setError(null);
    setSubmitting(true);
    try {
      const { user } = await login(email.trim(), password);
      if (user.email) await requestAccessToken(user.email);
      toast.success('Login successfully');
      goBack();
    } catch (e) {
      setError(authErrorMessage(e));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back to SecondByte"
      error={error}
      footer={
        <>
          New to SecondByte?{' '}
          <Anchor component={Link} to="/register" state={location.state} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Login">
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot" state={{ ...(location.state ?? {}), email }} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={submitting} disabled={google.pending}>
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleSignInButton onClick={() => void google.signIn()} loading={google.pending} />
    </AuthCard>
  );
}

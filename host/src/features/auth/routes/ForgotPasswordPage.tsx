import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { authErrorMessage, resetPassword } from 'shared-auth';
import { CheckIcon } from '@/shared/components/icons';
import { emailFieldError } from '@/shared/lib/email';
import { AuthCard } from '../components/AuthCard';

/** /forgot: Firebase sends its password reset e-mail (the emulator records the link instead). */
export function ForgotPasswordPage() {
  const location = useLocation();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailFieldError(email);
    setFieldError(problem);
    if (problem) return;
    setError(null);
    setSentTo(null);
    setSubmitting(true);
    try {
      await resetPassword(email.trim());
      setSentTo(email.trim());
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      error={error}
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" state={location.state} fw={600}>
            Back to login
          </Anchor>
        </>
      }
    >
      <div aria-live="polite">
        {sentTo && (
          <Alert color="green" variant="light" icon={<CheckIcon />} data-testid="reset-sent">
            <Text size="sm" fw={500}>
              We sent a password reset link to {sentTo}. Open it to choose a new password, then log in. If it
              does not arrive in a few minutes, check your spam folder.
            </Text>
          </Alert>
        )}
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label="Reset password">
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
            error={fieldError}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {sentTo ? 'Send the link again' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { authErrorMessage, resetPassword } from 'shared-auth';
import { CheckIcon } from '@/shared/components/icons';
import { emailFieldError } from '@/shared/lib/email';
import { AuthCard } from '../components/AuthCard';
import { useT } from '@/shared/i18n';

/** /forgot: Firebase sends its password reset e-mail (the emulator records the link instead). */
export function ForgotPasswordPage() {
  const t = useT();
  const location = useLocation();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailFieldError(email, t);
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
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle')}
      error={error}
      footer={
        <>
          {t('auth.remembered')}{' '}
          <Anchor component={Link} to="/login" state={location.state} fw={600}>
            {t('auth.backToLogin')}
          </Anchor>
        </>
      }
    >
      <div aria-live="polite">
        {sentTo && (
          <Alert color="green" variant="light" icon={<CheckIcon />} data-testid="reset-sent">
            <Text size="sm" fw={500}>
              {t('auth.resetSent', { email: sentTo })}
            </Text>
          </Alert>
        )}
      </div>
      <form onSubmit={handleSubmit} noValidate aria-label={t('auth.resetForm')}>
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
            error={fieldError}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={submitting}>
            {sentTo ? t('auth.sendAgain') : t('auth.sendReset')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

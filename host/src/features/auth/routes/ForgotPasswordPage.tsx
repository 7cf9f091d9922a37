import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation } from 'react-router';
import { resetPassword } from 'runtime-kernel';
import { authErrorMessage } from 'web-kit/auth-errors';
import { CheckIcon } from '@/shared/components/icons';
import { PasswordResetSchema } from 'shared-contracts/accounts';
import { schemaValidator } from 'web-kit/form-validation';
import { AuthCard } from '../components/AuthCard';
import { useT } from '@/features/auth/i18n';

/** /forgot: Firebase sends its password reset e-mail (the emulator records the link instead). */
export function ForgotPasswordPage() {
  const t = useT();
  const location = useLocation();
  const initialEmail = (location.state as { email?: string } | null)?.email ?? '';
  const form = useForm({
    initialValues: { email: initialEmail },
    // The message stays until the next submit: typing does not make it come and go.
    clearInputErrorOnChange: false,
    validate: schemaValidator(PasswordResetSchema, {
      payload: (values) => ({ email: values.email.trim() }),
      messages: { email: { required: 'auth.emailMissing', invalid: 'auth.emailInvalid' } },
      t,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async ({ email }: typeof form.values) => {
    setError(null);
    setSentTo(null);
    try {
      await resetPassword(email.trim());
      setSentTo(email.trim());
    } catch (e) {
      setError(authErrorMessage(e));
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
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={t('auth.resetForm')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            required
            {...form.getInputProps('email')}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={form.submitting}>
            {sentTo ? t('auth.sendAgain') : t('auth.sendReset')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

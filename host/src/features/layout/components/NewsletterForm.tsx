import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { toast } from 'shared-auth';
import { emailFieldError } from '@/shared/lib/email';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { useT } from '@/shared/i18n';

/** The spec's newsletter box had no action; here it stores the address through the API. */
export function NewsletterForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailFieldError(email, t);
    setError(problem);
    if (problem) return;
    subscribe.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          toast.success(t('footer.subscribed'));
          setEmail('');
        },
        onError: (e) => toast.error(e.message || t('footer.notSubscribed')),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('footer.newsletter')}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('footer.newsletterEmail')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('footer.newsletterPlaceholder')}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          flex={1}
          miw={0}
        />
        {/* Aligned with the input, not the label above it. */}
        <Button type="submit" mt={25} loading={subscribe.isPending}>
          {t('footer.newsletterSend')}
        </Button>
      </Group>
    </form>
  );
}

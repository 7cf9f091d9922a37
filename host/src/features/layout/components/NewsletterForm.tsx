import type { FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { toast } from 'runtime-kernel';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { useT } from '@/shared/i18n';

// The rule comes with zod, which the footer (on every first load) must not carry: fetched on focus or submit.
const loadRule = () => import('../lib/newsletter-email-error');

/** The newsletter box stores the address through the API (the original one had no action). */
export function NewsletterForm() {
  const t = useT();
  // Mantine's single-field form: the message clears as the visitor types, as it always did. The
  // rule is applied here rather than as useField's `validate`, whose asynchronous form (9.7) does
  // not hand its result back to `field.validate()`.
  const field = useField({ initialValue: '' });
  const subscribe = useSubscribeNewsletter();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = (await loadRule()).newsletterEmailError(field.getValue(), t);
    field.setError(problem);
    if (problem) return;
    subscribe.mutate(
      { email: field.getValue().trim() },
      {
        onSuccess: () => {
          toast.success(t('footer.subscribed'));
          field.reset();
        },
        onError: (e) => toast.error(e.message || t('footer.notSubscribed')),
      },
    );
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('footer.newsletter')}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('footer.newsletterEmail')}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('footer.newsletterPlaceholder')}
          {...field.getInputProps()}
          onFocus={() => void loadRule()}
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

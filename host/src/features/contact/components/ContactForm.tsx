import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'shared-auth';
import { contactErrorText, sendContactMessage } from '../api/send-contact-message';
import { useT } from '@/shared/i18n';

interface FieldErrors {
  name?: string | null;
  email?: string | null;
  message?: string | null;
}

/** docs/product.md#contact: a real <form> (EmailJS reads its fields) with the e-mail taken from the signed-in user. */
export function ContactForm() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const language = useAuthStore((s) => s.language);
  const formRef = useRef<HTMLFormElement>(null);
  // Null until edited: the name follows the account while auth is still restoring the session.
  const [editedName, setName] = useState<string | null>(null);
  const name = editedName ?? user?.displayName ?? '';
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const email = user?.email ?? '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {
      name: name.trim() ? null : t('contact.nameMissing'),
      email: email ? null : t('contact.emailMissing'),
      message: message.trim() ? null : t('contact.messageMissing'),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || !formRef.current) return;
    setSending(true);
    try {
      await sendContactMessage(formRef.current);
      toast.success(t('contact.sent'));
      setMessage('');
    } catch (error) {
      toast.error(contactErrorText(error, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
      <Title order={2} fz="xl" mb={4}>
        {t('contact.formTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('contact.formIntro')}
      </Text>
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={t('contact.form')}>
        {/* The office's e-mail is written in the visitor's language (api/src/email/contact-email.ts). */}
        <input type="hidden" name="language" value={language} />
        <Stack gap="sm">
          <TextInput
            label={t('contact.fullName')}
            name="user_name"
            autoComplete="name"
            placeholder={t('contact.namePlaceholder')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label={t('contact.email')}
            name="user_email"
            type="email"
            readOnly
            value={email}
            placeholder={email || t('contact.logInToReply')}
            description={email ? t('contact.replyTo') : undefined}
            error={
              errors.email && (
                <>
                  {errors.email}:{' '}
                  <Anchor
                    component={Link}
                    to="/login"
                    state={{ from: { pathname: '/contactus' } }}
                    size="xs"
                    c="red"
                    fw={700}
                  >
                    {t('contact.login')}
                  </Anchor>
                </>
              )
            }
            styles={{ input: { cursor: 'default' } }}
          />
          <Textarea
            label={t('contact.message')}
            name="message"
            placeholder={t('contact.messagePlaceholder')}
            required
            autosize
            minRows={5}
            maxRows={12}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={errors.message}
          />
          <Button
            type="submit"
            size="md"
            loading={sending}
            w={{ base: '100%', sm: 'auto' }}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('contact.send')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

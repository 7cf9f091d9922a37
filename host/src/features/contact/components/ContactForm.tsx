import { useRef } from 'react';
import { Anchor, Button, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { toast, useAuthStore } from 'runtime-kernel';
import { ContactTemplateParamsSchema } from 'shared-contracts/contact';
import { schemaValidator } from 'web-kit/form-validation';
import { contactErrorText, sendContactMessage } from '../api/send-contact-message';
import { useT } from '@/features/contact/i18n';

interface ContactValues {
  /** Null until edited: the name follows the account while auth is still restoring the session. */
  user_name: string | null;
  message: string;
}

/** docs/product.md#contact: a real <form> (EmailJS reads its fields) with the e-mail taken from the signed-in user. */
export function ContactForm() {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const language = useAuthStore((s) => s.language);
  const formRef = useRef<HTMLFormElement>(null);
  const email = user?.email ?? '';
  const nameOf = (values: ContactValues) => values.user_name ?? user?.displayName ?? '';
  // The fields the API's EmailJS route receives, checked with its schema (api/src/modules/emailjs/emailjs.routes.ts).
  const form = useForm<ContactValues>({
    initialValues: { user_name: null, message: '' },
    // A field's message stays until the next submit: typing does not make it come and go.
    clearInputErrorOnChange: false,
    validate: schemaValidator(ContactTemplateParamsSchema, {
      payload: (values) => ({
        user_name: nameOf(values),
        user_email: email,
        message: values.message,
        language,
      }),
      messages: {
        user_name: 'contact.nameMissing',
        user_email: 'contact.emailMissing',
        message: 'contact.messageMissing',
      },
      t,
    }),
  });
  const errors = form.errors;

  const handleSubmit = async () => {
    if (!formRef.current) return;
    try {
      await sendContactMessage(formRef.current);
      toast.success(t('contact.sent'));
      form.setFieldValue('message', '');
    } catch (error) {
      toast.error(contactErrorText(error, t));
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
      <form ref={formRef} onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={t('contact.form')}>
        {/* The office's e-mail is written in the visitor's language (api/src/email/contact-email.ts). */}
        <input type="hidden" name="language" value={language} />
        <Stack gap="sm">
          <TextInput
            label={t('contact.fullName')}
            name="user_name"
            autoComplete="name"
            placeholder={t('contact.namePlaceholder')}
            required
            maxLength={100}
            value={nameOf(form.values)}
            onChange={(e) => form.setFieldValue('user_name', e.currentTarget.value)}
            error={errors.user_name}
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
              errors.user_email && (
                <>
                  {errors.user_email}:{' '}
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
            {...form.getInputProps('message')}
          />
          <Button
            type="submit"
            size="md"
            loading={form.submitting}
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

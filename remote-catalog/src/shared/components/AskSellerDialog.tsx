import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { ApiError, useLanguage } from 'runtime-kernel';
import { StartConversationSchema } from 'shared-contracts/conversations';
import { MAX_MESSAGE_LENGTH } from 'shared-contracts/message-limits';
import type { Product } from 'shared-contracts/products';
import { formatNumber } from 'web-kit/format';
import { schemaValidator } from 'web-kit/form-validation';
import { useStartConversation } from '@/shared/api/start-conversation';
import { NoAnswer } from '@/shared/components/NoAnswer';
import { useT } from '@/shared/i18n/ask-seller';

interface AskSellerDialogProps {
  product: Product;
  opened: boolean;
  onClose: () => void;
}

/**
 * The question form of "Ask the seller". It carries zod (the API's StartConversationSchema is its
 * rule), so AskSellerButton loads it only when the visitor first asks
 * (docs/decisions/0034-forms-through-mantine-form.md). It stays mounted once loaded: a question
 * typed and closed is still there when the dialog opens again.
 */
export default function AskSellerDialog({ product, opened, onClose }: AskSellerDialogProps) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const start = useStartConversation();
  // Nothing is said until the first Send, so an empty dialog does not scold; from then on the message
  // follows the text as it is typed, until the dialog closes.
  const [sendTried, setSendTried] = useState(false);
  const form = useForm({
    initialValues: { text: '' },
    validateInputOnChange: true,
    validate: schemaValidator(StartConversationSchema, {
      payload: ({ text }) => ({ productId: product._id, text }),
      messages: { text: 'conversations.questionMissing' },
      t,
    }),
  });
  const text = form.values.text;

  const close = () => {
    setSendTried(false);
    form.clearErrors();
    start.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) => {
      setSendTried(true);
      start.mutate(
        { productId: product._id, text: values.text.trim() },
        {
          onSuccess: ({ _id }) => {
            form.setFieldValue('text', '');
            void navigate(`/dashboard/messages/${encodeURIComponent(_id)}`);
          },
        },
      );
    },
    () => setSendTried(true),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('conversations.dialogTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('conversations.intro', { name: product.productName, seller: product.sellerName })}
          </Text>
          <Textarea
            label={t('conversations.question')}
            placeholder={t('conversations.placeholder')}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_MESSAGE_LENGTH}
            {...form.getInputProps('text')}
            error={sendTried ? form.errors.text : undefined}
            description={t('conversations.counter', {
              n: formatNumber(text.length, language),
              max: formatNumber(MAX_MESSAGE_LENGTH, language),
            })}
            data-autofocus
          />
          {start.isError && (
            <Alert color="red" role="alert" title={t('conversations.notSent')}>
              {start.error instanceof ApiError ? start.error.message : <NoAnswer />}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} type="button">
              {t('conversations.cancel')}
            </Button>
            <Button type="submit" loading={start.isPending}>
              {t('conversations.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

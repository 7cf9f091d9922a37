import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, type ButtonProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, useAuthStore, useLanguage } from 'runtime-kernel';
import { MAX_MESSAGE_LENGTH } from 'shared-contracts/message-limits';
import type { Product } from 'shared-contracts/products';
import { formatNumber } from 'web-kit/format';
import { useStartConversation } from '@/shared/api/start-conversation';
import { useT } from '@/shared/i18n';
import { listingAllows } from 'shared-contracts/sales-status';

interface AskSellerButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'> {
  product: Product;
  /** The viewer's own listing: there is nobody to ask. */
  own: boolean;
}

/**
 * "Ask the seller" (docs/product.md#conversations): a question about this listing starts a
 * conversation, which then lives in the dashboard's Messages — reached by its URL, not by
 * importing the dashboard (docs/decisions/0003-cross-remote-ui-through-intents.md). Not offered
 * on one's own or a sold listing; a signed-out visitor signs in first and comes back here.
 */
export function AskSellerButton({ product, own, ...buttonProps }: AskSellerButtonProps) {
  const t = useT();
  const language = useLanguage();
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useStartConversation();
  if (own || !listingAllows(product.status, 'start-conversation')) return null;
  const blank = text.trim().length === 0;

  const open = () => {
    if (!user) {
      void navigate('/login', { state: { from: location } });
      return;
    }
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    setTouched(false);
    start.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank) return;
    start.mutate(
      { productId: product._id, text: text.trim() },
      {
        onSuccess: ({ _id }) => {
          setText('');
          void navigate(`/dashboard/messages/${encodeURIComponent(_id)}`);
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        onClick={open}
        aria-label={t('conversations.askAbout', { name: product.productName })}
        {...buttonProps}
      >
        {t('conversations.ask')}
      </Button>
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
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={touched && blank ? t('conversations.questionMissing') : undefined}
              description={t('conversations.counter', {
                n: formatNumber(text.length, language),
                max: formatNumber(MAX_MESSAGE_LENGTH, language),
              })}
              data-autofocus
            />
            {start.isError && (
              <Alert color="red" role="alert" title={t('conversations.notSent')}>
                {start.error instanceof ApiError ? start.error.message : t('common.checkConnection')}
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
    </>
  );
}

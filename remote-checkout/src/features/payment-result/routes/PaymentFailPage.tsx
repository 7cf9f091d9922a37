import '@/shared/federation-probe';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '@/shared/i18n';

/** /payment/fail and /cancel (docs/product.md#booking-and-payment): the gateway sent the buyer back without a payment. */
export default function PaymentFailPage() {
  const t = useT();
  const cancelled = useLocation().pathname.startsWith('/cancel');
  return (
    <Center mih="50vh" px="md" py="xl" data-testid="payment-fail">
      <Stack align="center" gap="md" maw={480}>
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <svg
            width="30"
            height="30"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          >
            <path d="M7 7l10 10M17 7L7 17" />
          </svg>
        </ThemeIcon>
        <Title order={1} c="red" ta="center" fz={{ base: 28, sm: 34 }}>
          {t('payment.failedTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {cancelled ? t('payment.cancelledText') : t('payment.failedText')}
        </Text>
        <Button component={Link} to="/" size="md">
          {t('common.goToHome')}
        </Button>
      </Stack>
    </Center>
  );
}

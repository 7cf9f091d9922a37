import '@/shared/federation-probe';
import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError, useAuthStore } from 'runtime-kernel';
import { PaymentReceipt } from '../components/PaymentReceipt';
import { RECEIPT_PRINT_CSS } from '../components/receipt-print-styles';
import { WhereYourMoneyIs } from '../components/WhereYourMoneyIs';
import { usePaymentResult } from '../api/get-payment-result';
import { useT } from '@/shared/i18n';

const MAX_TRANSACTION_ID = 100_000_000;

/** The query's transactionId as the API accepts it (1…100,000,000), or null. */
export function parseTransactionId(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id >= 1 && id <= MAX_TRANSACTION_ID ? id : null;
}

/**
 * /payment/success?transactionId=… (docs/product.md#booking-and-payment): the result of a payment,
 * as a printable receipt, and below it where the money of a paid order is (docs/product.md#money).
 */
export default function PaymentSuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  const transactionId = parseTransactionId(params.get('transactionId'));
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);
  const result = usePaymentResult(transactionId, user?.uid ?? null);

  let content: ReactNode;
  if (transactionId === null) {
    content = <Problem title={t('payment.noPaymentTitle')}>{t('payment.noPaymentText')}</Problem>;
  } else if (authLoading) {
    content = <ReceiptSkeleton />;
  } else if (!user) {
    content = <SignInToView />;
  } else if (result.isPending) {
    content = <ReceiptSkeleton />;
  } else if (result.isError) {
    content = (
      <LoadError error={result.error} transactionId={transactionId} onRetry={() => void result.refetch()} />
    );
  } else {
    const paid = result.data.status === 'paid';
    content = (
      <Stack gap="lg">
        <style>{RECEIPT_PRINT_CSS}</style>
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon size={48} radius="xl" color={paid ? 'green' : 'yellow'} variant="light" aria-hidden>
            {paid ? <CheckIcon /> : <ClockIcon />}
          </ThemeIcon>
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {paid ? t('payment.successTitle') : t('payment.notCompletedTitle')}
            </Title>
            <Text c="dimmed">
              {paid
                ? t('payment.thankYou')
                : result.data.status === 'pending'
                  ? t('payment.waiting')
                  : t('payment.didNotGoThrough')}
            </Text>
          </div>
        </Group>
        <PaymentReceipt receipt={result.data} />
        {paid && user && <WhereYourMoneyIs transactionId={transactionId} viewerUid={user.uid} />}
        <Group gap="sm" data-print-hide>
          <Button onClick={() => window.print()}>{t('payment.print')}</Button>
          <Button component={Link} to="/" variant="default">
            {t('common.goToHome')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Container
      size="sm"
      py={{ base: 'lg', sm: 'xl' }}
      px="md"
      data-testid="payment-success"
      aria-busy={result.isFetching}
    >
      {content}
    </Container>
  );
}

function Problem({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const t = useT();
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <Group gap="sm">
          {action}
          <Button component={Link} to="/" variant="default" size="xs">
            {t('common.goToHome')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function LoadError({
  error,
  transactionId,
  onRetry,
}: {
  error: Error;
  transactionId: number;
  onRetry: () => void;
}) {
  const t = useT();
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Problem title={t('payment.otherAccountTitle')}>
        {t('payment.otherAccountText', { transactionId })}
      </Problem>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Problem title={t('payment.notFoundTitle')}>{t('payment.notFoundText', { transactionId })}</Problem>
    );
  }
  return (
    <Problem
      title={t('payment.loadFailedTitle')}
      action={
        <Button size="xs" color="red.9" onClick={onRetry}>
          {t('payment.retry')}
        </Button>
      }
    >
      {error instanceof ApiError ? error.message : t('errors.unreachable')}
    </Problem>
  );
}

function SignInToView() {
  const t = useT();
  const location = useLocation();
  return (
    <Alert color="blue" title={t('payment.loginTitle')} variant="light">
      <Stack gap="sm">
        <Text size="sm">{t('payment.loginText')}</Text>
        <Button component={Link} to="/login" state={{ from: location }} size="xs" w="fit-content">
          {t('common.login')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Same footprint as the receipt, so nothing jumps when it arrives. */
function ReceiptSkeleton() {
  const t = useT();
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('payment.loading')}>
      <Group gap="md" wrap="nowrap">
        <Skeleton circle height={48} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={28} width="60%" />
          <Skeleton height={16} width="90%" />
        </Stack>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Skeleton height={22} width="40%" />
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={18} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

function CheckIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

import type { ReactNode } from 'react';
import { Anchor, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { fundsNextStep } from 'web-kit/order-funds';
import type { OrderSide } from '@/shared/api/get-orders';
import { useT, type Translate } from '@/shared/i18n';
import { disputeHref } from '@/shared/lib/dashboard-pages';
import { FundsBadge } from './FundsBadge';

/** What happens next to the order's money, in words for its buyer or its seller (web-kit/order-funds). */
export function fundsSentence(t: Translate, order: Order, side: OrderSide): string {
  const { step, date, refundPaisa } = fundsNextStep(order);
  const amount = side === 'seller' && step === 'released' ? order.releasedPaisa : refundPaisa;
  return t(`orderFunds.next.${side}.${step}`, {
    date: date ? formatDate(date) : '',
    amount: formatPaisa(amount, undefined, order.currency),
  });
}

/** The order's days so far: paid, handed over, released or refunded. */
export function orderDates(t: Translate, order: Order): string[] {
  return [
    t('orderFunds.dates.paid', { date: formatDate(order.paidAt) }),
    order.handedOverAt && t('orderFunds.dates.handedOver', { date: formatDate(order.handedOverAt) }),
    order.releasedAt && t('orderFunds.dates.released', { date: formatDate(order.releasedAt) }),
    order.refundedAt && t('orderFunds.dates.refunded', { date: formatDate(order.refundedAt) }),
  ].filter((line): line is string => Boolean(line));
}

export interface PaidOrderCardProps {
  order: Order;
  /**
   * Whose page it is: the buyer sees the seller's name and their next step, the seller the buyer's;
   * an operator (the dispute page) sees both names and the dispute's own outcome instead.
   */
  side: OrderSide | 'operator';
  /** The buttons of the moves the reader may make (the page's own). */
  children?: ReactNode;
  /** A list item on My Orders and My Buyers; a plain block on the dispute page. */
  as?: 'li' | 'div';
  /** "View the dispute" when the order has one (not on the dispute's own page). */
  disputeLink?: boolean;
}

/**
 * One paid order: the laptop, the other person, the amount, where the money is (badge and words),
 * its days and what happens next. A card on every screen width: it stacks on a phone as it is.
 */
export function PaidOrderCard({ order, side, children, as = 'li', disputeLink = true }: PaidOrderCardProps) {
  const t = useT();
  return (
    <Paper component={as} withBorder radius="md" p="md" data-testid={`order-${order.transactionId}`}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Image src={order.image} alt="" w={72} h={54} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Anchor
              component={Link}
              to={`/details/${order.productId}`}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {order.productName}
            </Anchor>
            <FundsBadge state={order.funds} />
          </Group>
          <Text size="sm">
            {side === 'buyer'
              ? t('orderFunds.soldBy', { name: order.sellerName })
              : side === 'seller'
                ? t('orderFunds.boughtBy', { name: order.buyerName })
                : t('orderFunds.between', { buyer: order.buyerName, seller: order.sellerName })}
            {' · '}
            <Text span size="sm" fw={700}>
              {formatPaisa(order.amountPaisa, undefined, order.currency)}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {orderDates(t, order).join(' · ')}
          </Text>
          {side !== 'operator' && (
            <Text size="sm" fw={500}>
              {fundsSentence(t, order, side)}
            </Text>
          )}
          {disputeLink && order.disputeId && (
            <Anchor component={Link} to={disputeHref(order.disputeId)} size="sm">
              {t('orderFunds.viewDispute')}
            </Anchor>
          )}
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

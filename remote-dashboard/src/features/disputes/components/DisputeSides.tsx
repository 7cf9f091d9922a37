import type { ReactNode } from 'react';
import { Anchor, Box, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Dispute } from 'shared-contracts/money';
import { formatDate, formatPaisa } from 'web-kit/format';
import { FundsBadge } from '@/shared/components/FundsBadge';
import { useT } from '@/shared/i18n';

function Facts({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, auto) 1fr', gap: '6px 12px' }}
    >
      {children}
    </Box>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </>
  );
}

function Side({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Both sides of a dispute for the operator: the order and its dates, the buyer's complaint, the seller's side. */
export function DisputeSides({ dispute }: { dispute: Dispute }) {
  const t = useT();
  const { order } = dispute;
  const count = dispute.photos.length;
  return (
    <Stack gap="md">
      <Side id="dispute-order" title={t('adminDisputes.sides.order')}>
        <Group gap="md" wrap="nowrap" align="flex-start" mb="sm">
          {order.image && <Image src={order.image} alt="" w={72} h={54} radius="sm" fit="cover" />}
          <Anchor component={Link} to={`/details/${order.productId}`} fw={600}>
            {order.productName}
          </Anchor>
        </Group>
        <Facts>
          <Fact term={t('adminDisputes.amount')}>
            {formatPaisa(order.amountPaisa, undefined, order.currency)}
          </Fact>
          <Fact term={t('adminDisputes.buyer')}>{order.buyerName}</Fact>
          <Fact term={t('adminDisputes.seller')}>{order.sellerName}</Fact>
          <Fact term={t('adminDisputes.sides.orderNumber')}>{String(order.transactionId)}</Fact>
          <Fact term={t('adminDisputes.sides.paid')}>{formatDate(order.paidAt)}</Fact>
          <Fact term={t('adminDisputes.sides.handedOver')}>
            {order.handedOverAt ? formatDate(order.handedOverAt) : t('adminDisputes.sides.notHandedOver')}
          </Fact>
          <Fact term={t('adminDisputes.opened')}>{formatDate(dispute.openedAt)}</Fact>
          <Fact term={t('adminDisputes.sides.funds')}>
            <FundsBadge state={order.funds} />
          </Fact>
        </Facts>
      </Side>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Side id="dispute-buyer" title={t('adminDisputes.sides.buyer', { name: order.buyerName })}>
          <Stack gap="sm">
            <Text fw={600}>{t(`adminDisputes.reasons.${dispute.reason}`)}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {dispute.text}
            </Text>
            {count > 0 ? (
              <SimpleGrid
                component="ul"
                cols={{ base: 2, sm: 3 }}
                spacing="xs"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={t('adminDisputes.sides.photos')}
              >
                {dispute.photos.map((src, i) => (
                  <li key={src}>
                    <Anchor
                      href={src}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('adminDisputes.sides.openPhoto', { n: i + 1, count })}
                    >
                      <Image src={src} alt="" h={96} radius="sm" fit="cover" />
                    </Anchor>
                  </li>
                ))}
              </SimpleGrid>
            ) : (
              <Text size="sm" c="dimmed">
                {t('adminDisputes.sides.noPhotos')}
              </Text>
            )}
          </Stack>
        </Side>
        <Side id="dispute-seller" title={t('adminDisputes.sides.seller', { name: order.sellerName })}>
          <Stack gap="sm">
            <Text size="sm">
              {order.handedOverAt
                ? t('adminDisputes.sides.sellerHandedOver', { date: formatDate(order.handedOverAt) })
                : t('adminDisputes.sides.sellerNotHandedOver')}
            </Text>
            {dispute.conversationId ? (
              <Anchor component={Link} to={`/dashboard/messages/${dispute.conversationId}`} size="sm">
                {t('adminDisputes.sides.conversation')}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t('adminDisputes.sides.noConversation')}
              </Text>
            )}
          </Stack>
        </Side>
      </SimpleGrid>
    </Stack>
  );
}

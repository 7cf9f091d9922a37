import { useMemo } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useAuthStore } from 'runtime-kernel';
import type { OfferState } from 'shared-contracts/offer-lifecycle';
import type { Offer } from 'shared-contracts/offers';
import { formatDate, formatPrice } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { ListFilter } from '@/shared/components/ListFilter';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { useT, type Translate } from '../i18n';
import { OFFERS_LIST, useOffers, type OfferSide } from '../api/get-offers';
import { OfferActions } from '../components/OfferActions';

const STATE_COLOR: Record<OfferState, string> = {
  pending: 'yellow',
  countered: 'orange',
  accepted: 'teal',
  declined: 'red',
  expired: 'gray',
  closed: 'gray',
  completed: 'blue',
};
const FILTERED_STATES: OfferState[] = ['pending', 'countered', 'accepted', 'declined', 'expired'];

const columns = (t: Translate, side: OfferSide): Column<Offer>[] => [
  { key: 'productName', header: t('offers.product'), sortKey: 'productName', render: (o) => o.productName },
  {
    key: 'person',
    header: side === 'buyer' ? t('offers.seller') : t('offers.buyer'),
    render: (o) => (side === 'buyer' ? o.sellerName : o.buyerName),
  },
  {
    key: 'amount',
    nowrap: true,
    header: t('offers.amount'),
    sortKey: 'amount',
    render: (o) => (
      <>
        <Text size="sm">{formatPrice(o.amount)}</Text>
        <Text size="xs" c="dimmed">
          {t('offers.asking', { price: formatPrice(o.askingPrice) })}
        </Text>
      </>
    ),
  },
  {
    key: 'counter',
    nowrap: true,
    header: t('offers.counter'),
    render: (o) => (o.counterAmount === null ? '—' : formatPrice(o.counterAmount)),
  },
  {
    key: 'state',
    nowrap: true,
    header: t('offers.state'),
    render: (o) => (
      <>
        <Badge miw="max-content" variant="light" color={STATE_COLOR[o.state]}>
          {t(`offers.states.${o.state}`)}
        </Badge>
        {(o.state === 'pending' || o.state === 'countered' || o.state === 'accepted') && (
          <Text size="xs" c="dimmed">
            {t(o.state === 'accepted' ? 'offers.holdsUntil' : 'offers.answerBy', {
              date: formatDate(o.expiresAt),
              price: formatPrice(o.agreedAmount ?? o.amount),
            })}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'date',
    nowrap: true,
    header: t('offers.date'),
    sortKey: 'date',
    render: (o) => formatDate(o.createdAt),
  },
  {
    key: 'actions',
    header: t('offers.actions'),
    action: true,
    render: (o) => <OfferActions offer={o} />,
  },
];

/**
 * A buyer's My offers or a seller's Offers on my listings (docs/product.md#offers): one page at a
 * time, sorted, searched and filtered by the API, with the moves each offer allows its reader.
 */
function OffersPage({ side }: { side: OfferSide }) {
  const t = useT();
  const tableColumns = useMemo(() => columns(t, side), [t, side]);
  const uid = useAuthStore((s) => s.user?.uid ?? '');
  const list = useListParams(OFFERS_LIST);
  const offers = useOffers(uid, side, list.params);
  const texts = side === 'buyer' ? 'mine' : 'received';
  return (
    <>
      <PageHeader title={t(`offers.${texts}.title`)} description={t(`offers.${texts}.description`)} />
      <Group justify="flex-end" mb="sm">
        <ListFilter
          label={t('offers.filter')}
          name="state"
          list={list}
          options={[
            { value: ALL, label: t('offers.allStates') },
            ...FILTERED_STATES.map((state) => ({ value: state, label: t(`offers.states.${state}`) })),
          ]}
        />
      </Group>
      <DataTable
        label={t(`offers.${texts}.title`)}
        columns={tableColumns}
        query={offers}
        list={list}
        rowKey={(o) => o._id}
        searchPlaceholder={t('offers.search')}
        emptyTitle={t(`offers.${texts}.empty`)}
        emptyDescription={t(`offers.${texts}.emptyText`)}
      />
    </>
  );
}

export const MyOffersPage = () => <OffersPage side="buyer" />;
export const OffersReceivedPage = () => <OffersPage side="seller" />;

import { Text } from '@mantine/core';
import type { StatementLine } from 'shared-contracts/money';
import { formatDate } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { useListParams } from '@/shared/hooks/use-list-params';
import { formatSignedPaisa } from '@/shared/lib/paisa';
import { useT, type Translate } from '@/shared/i18n';
import { STATEMENT_LIST, useStatement } from '../api/get-statement';

// The movements the page has words for; any other kind the API adds reads as its memo.
const KINDS = [
  'capture',
  'release',
  'fee',
  'refund',
  'payout-requested',
  'payout-paid',
  'payout-failed',
] as const;
type KnownKind = (typeof KINDS)[number];
const isKnown = (kind: string): kind is KnownKind => (KINDS as readonly string[]).includes(kind);

const what = (line: StatementLine, t: Translate) =>
  isKnown(line.kind) ? t(`sellerPayouts.statement.kinds.${line.kind}`) : line.memo || line.kind;

/** Every movement of the seller's money, newest first, a page at a time (the page is in the URL). */
export function StatementTable({ uid }: { uid: string }) {
  const t = useT();
  const list = useListParams(STATEMENT_LIST);
  const statement = useStatement(uid, list.params);
  const columns: Column<StatementLine>[] = [
    { key: 'date', header: t('sellerPayouts.statement.date'), nowrap: true, render: (l) => formatDate(l.at) },
    { key: 'what', header: t('sellerPayouts.statement.what'), render: (l) => what(l, t) },
    {
      key: 'account',
      header: t('sellerPayouts.statement.account'),
      nowrap: true,
      render: (l) => t(`sellerPayouts.statement.accounts.${l.account}`),
    },
    {
      key: 'amount',
      header: t('sellerPayouts.statement.amount'),
      nowrap: true,
      render: (l) => (
        <Text size="sm" fw={600} c={l.amountPaisa < 0 ? 'red.8' : 'green.8'}>
          {formatSignedPaisa(l.amountPaisa)}
        </Text>
      ),
    },
    {
      key: 'order',
      header: t('sellerPayouts.statement.order'),
      nowrap: true,
      render: (l) =>
        l.transactionId === null
          ? '—'
          : t('sellerPayouts.statement.orderNumber', { id: String(l.transactionId) }),
    },
  ];
  return (
    <DataTable
      label={t('sellerPayouts.statement.table')}
      columns={columns}
      query={statement}
      list={list}
      rowKey={(l) => `${l.at}-${l.kind}-${l.account}-${l.transactionId ?? l.payoutId ?? ''}-${l.amountPaisa}`}
      emptyTitle={t('sellerPayouts.statement.empty')}
      emptyDescription={t('sellerPayouts.statement.emptyText')}
    />
  );
}

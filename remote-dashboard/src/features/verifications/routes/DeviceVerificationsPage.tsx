import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { toast } from 'runtime-kernel';
import {
  MAX_REFUSAL_REASON,
  MIN_REFUSAL_REASON,
  type AdminVerification,
  type VerificationState,
} from 'shared-contracts/verifications';
import { formatDate } from 'web-kit/format';
import { DataTable, type Column } from '@/shared/components/DataTable';
import { ListFilter } from '@/shared/components/ListFilter';
import { PageHeader } from '@/shared/components/PageHeader';
import { RefuseWithReasonDialog } from '@/shared/components/RefuseWithReasonDialog';
import { useListParams } from '@/shared/hooks/use-list-params';
import { ALL } from '@/shared/lib/list-params';
import { errorMessage } from '@/shared/lib/error-message';
import { useDecideVerification } from '../api/decide-verification';
import { useVerificationPhoto } from '../api/get-verification-photo';
import { VERIFICATIONS_LIST, useVerifications } from '../api/get-verifications';
import { useT } from '../i18n';

const STATE_COLORS: Record<VerificationState, string> = {
  'awaiting-photo': 'gray',
  pending: 'blue',
  approved: 'green',
  refused: 'red',
  conflict: 'orange',
};

/** The photo, fetched with the admin's token; a click opens it large. */
function Photo({ item, onOpen }: { item: AdminVerification; onOpen: (item: AdminVerification) => void }) {
  const t = useT();
  const photo = useVerificationPhoto(item.photoUrl);
  if (!item.photoUrl)
    return (
      <Text size="xs" c="dimmed">
        {t('queue.noPhoto')}
      </Text>
    );
  if (!photo.src) return <Loader size="xs" aria-label={t('queue.photoOf', { name: item.productName })} />;
  return (
    <UnstyledButton onClick={() => onOpen(item)} aria-label={t('queue.enlarge', { name: item.productName })}>
      <Image
        src={photo.src}
        alt={t('queue.photoOf', { name: item.productName })}
        w={96}
        h={72}
        fit="cover"
        radius="sm"
      />
    </UnstyledButton>
  );
}

function Enlarged({ item, onClose }: { item: AdminVerification; onClose: () => void }) {
  const t = useT();
  const photo = useVerificationPhoto(item.photoUrl);
  return (
    <Modal opened onClose={onClose} size="xl" title={t('queue.photoOf', { name: item.productName })} centered>
      <Stack gap="xs">
        <Text size="sm">
          {t('queue.serial')}:{' '}
          <Text span ff="monospace" fw={700}>
            {item.serial}
          </Text>{' '}
          · {t('queue.code')}:{' '}
          <Text span ff="monospace" fw={700}>
            {item.code}
          </Text>
        </Text>
        {photo.src && <Image src={photo.src} alt={t('queue.photoOf', { name: item.productName })} />}
      </Stack>
    </Modal>
  );
}

const limits = { min: MIN_REFUSAL_REASON, max: MAX_REFUSAL_REASON };

function RefuseDialog({ item, onClose }: { item: AdminVerification; onClose: () => void }) {
  const t = useT();
  const decide = useDecideVerification();
  return (
    <RefuseWithReasonDialog
      texts={{
        title: t('queue.refuseTitle'),
        label: t('queue.reasonLabel'),
        hint: t('queue.reasonHint'),
        tooShort: t('queue.reasonTooShort'),
        tooLong: t('queue.reasonTooLong'),
        cancel: t('queue.cancel'),
        refuse: t('queue.refuse'),
        refused: t('queue.refusedToast'),
      }}
      limits={limits}
      refuse={(reason) => decide.mutateAsync({ id: item._id, move: 'refuse', reason })}
      onClose={onClose}
    />
  );
}

/** Admin: Device verifications (docs/product.md#verified-devices), paged and searched on the server. */
export default function DeviceVerificationsPage() {
  const t = useT();
  const list = useListParams(VERIFICATIONS_LIST);
  const verifications = useVerifications(list.params);
  const decide = useDecideVerification();
  const [enlarged, setEnlarged] = useState<AdminVerification | null>(null);
  const [refusing, setRefusing] = useState<AdminVerification | null>(null);

  const filters = useMemo(
    () => [
      { value: 'pending', label: t('queue.states.pending') },
      { value: 'conflict', label: t('queue.states.conflict') },
      { value: 'approved', label: t('queue.states.approved') },
      { value: 'refused', label: t('queue.states.refused') },
      { value: 'awaiting-photo', label: t('queue.states.awaiting-photo') },
      { value: ALL, label: t('queue.all') },
    ],
    [t],
  );

  const approve = (item: AdminVerification) =>
    decide.mutate(
      { id: item._id, move: 'approve' },
      {
        onSuccess: () => toast.success(t('queue.approved')),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  const columns: Column<AdminVerification>[] = [
    {
      key: 'listing',
      header: t('queue.listing'),
      render: (v) => (
        <>
          <Anchor component={Link} to={`/details/${v.productId}`} size="sm">
            {v.productName}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {v.brand} · {t('queue.bySeller', { email: v.sellerEmail })}
          </Text>
        </>
      ),
    },
    {
      key: 'serial',
      header: t('queue.serial'),
      render: (v) => (
        <Stack gap={2}>
          <Text size="sm" ff="monospace">
            {v.serial}
          </Text>
          {v.conflict === 'duplicate' && (
            <Badge color="orange" variant="light" miw="max-content">
              {t('queue.duplicate')}
            </Badge>
          )}
          {v.reportedStolen && (
            <Badge color="red" variant="light" miw="max-content">
              {t('queue.stolen')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'code',
      header: t('queue.code'),
      render: (v) => (
        <Text size="sm" ff="monospace" fw={700}>
          {v.code}
        </Text>
      ),
    },
    { key: 'photo', header: t('queue.photo'), render: (v) => <Photo item={v} onOpen={setEnlarged} /> },
    {
      key: 'state',
      nowrap: true,
      header: t('queue.state'),
      sortKey: 'state',
      render: (v) => (
        <Stack gap={2}>
          <Badge miw="max-content" color={STATE_COLORS[v.state]} variant="light">
            {t(`queue.states.${v.state}`)}
          </Badge>
          {v.reason && (
            <Text size="xs" c="dimmed" maw={220} style={{ overflowWrap: 'anywhere' }}>
              {v.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      action: true,
      render: (v) =>
        v.state === 'pending' || v.state === 'conflict' ? (
          <Group gap="xs" wrap="nowrap">
            {v.state === 'pending' && (
              <Button
                size="xs"
                color="green"
                variant="light"
                aria-label={t('queue.approveFor', { name: v.productName })}
                loading={decide.isPending && decide.variables.id === v._id}
                onClick={() => approve(v)}
              >
                {t('queue.approve')}
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              variant="default"
              aria-label={t('queue.refuseFor', { name: v.productName })}
              onClick={() => setRefusing(v)}
            >
              {t('queue.refuse')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {v.decidedAt ? t('queue.decidedOn', { date: formatDate(v.decidedAt) }) : ''}
          </Text>
        ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('queue.title')}
        description={t('queue.description')}
        action={<ListFilter label={t('queue.filter')} name="state" list={list} options={filters} />}
      />
      <DataTable
        label={t('queue.table')}
        columns={columns}
        query={verifications}
        list={list}
        rowKey={(v) => v._id}
        searchPlaceholder={t('queue.search')}
        numbered
        emptyTitle={t('queue.empty')}
        emptyDescription={t('queue.emptyText')}
      />
      {enlarged && <Enlarged item={enlarged} onClose={() => setEnlarged(null)} />}
      {refusing && <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />}
    </Stack>
  );
}

import {
  Avatar,
  Badge,
  Box,
  Button,
  Drawer,
  Flex,
  NavLink as MantineNavLink,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink, Outlet, useMatch } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthStore, useLiveEvent } from 'runtime-kernel';
import { useProfileWhen } from '../api/get-profile';
import { DASHBOARD_LINKS } from './dashboard-links';
import { formatNumber } from 'web-kit/format';
import { disputesQueryOptions } from '@/shared/api/get-disputes';
import { useT } from '@/shared/i18n';

export const DRAWER_WIDTH = 280;

function DrawerLink({
  to,
  label,
  count,
  countLabel,
  onNavigate,
}: {
  to: string;
  label: string;
  /** A number of things waiting there (the operators' open disputes), shown as a badge. */
  count?: number;
  /** What the badge says to a screen reader, which hears it as part of the link. */
  countLabel?: string;
  onNavigate?: () => void;
}) {
  // Mantine styles the `active` prop; the router's NavLink adds aria-current for screen readers.
  const active = useMatch({ path: to, end: true }) !== null;
  const badge = count ? (
    <Badge size="sm" circle={count < 10} color="orange" aria-label={countLabel}>
      {formatNumber(count)}
    </Badge>
  ) : undefined;
  return (
    <MantineNavLink
      component={NavLink}
      to={to}
      end
      label={label}
      rightSection={badge}
      active={active}
      onClick={onNavigate}
    />
  );
}

function DrawerMenu({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const role = useAuthStore((s) => s.role);
  const authLoading = useAuthStore((s) => s.loading);
  const roleStatus = useAuthStore((s) => s.roleStatus);
  const links = role ? DASHBOARD_LINKS[role] : [];
  const profile = useProfileWhen(user?.email, !!user && !user.displayName);
  // The operators' queue counts its open disputes on the Disputes link (the queue's own answer).
  const openDisputes = useQuery({ ...disputesQueryOptions('open'), enabled: role === 'admin' });
  const disputeCount = openDisputes.data?.length ?? 0;
  const name = user?.displayName ?? profile.data?.name ?? null;
  const photo = user?.photoURL ?? profile.data?.url ?? null;
  // Placeholders keep the menu's height while the role arrives, so the page does not jump.
  const roleLoading = authLoading || (!!user && (roleStatus === 'idle' || roleStatus === 'loading'));
  return (
    <Stack gap="md">
      <Stack align="center" gap={4} py="md">
        <Avatar src={photo} alt="" size={72} radius="xl" name={name ?? undefined} color="initials" />
        <Text fw={600} ta="center">
          {name ?? '\u00a0'}
        </Text>
        <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {user?.email ?? '\u00a0'}
        </Text>
      </Stack>
      <Box component="nav" aria-label={t('menu.nav')}>
        <DrawerLink to="/dashboard" label={t('menu.overview')} onNavigate={onNavigate} />
        {roleLoading
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={36} my={4} radius="sm" />)
          : links.map((link) => (
              <DrawerLink
                key={link.to}
                to={link.to}
                label={t(`menu.pages.${link.name}`)}
                {...(link.name === 'disputes' && {
                  count: disputeCount,
                  countLabel: t('menu.openDisputes', { n: formatNumber(disputeCount) }),
                })}
                onNavigate={onNavigate}
              />
            ))}
      </Box>
    </Stack>
  );
}

/** docs/product.md#dashboard layout: a fixed-width drawer beside the content, a toggled drawer on phones. */
export function DashboardLayout() {
  const t = useT();
  const [opened, drawer] = useDisclosure(false);
  // Whatever the other side did (accepted, handed over, paid, reviewed) is told as a notification:
  // the lists it changes are fetched again, so an open page follows without a reload.
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => {
    for (const queryKey of [['bookings'], ['my-buyers'], ['dashboard-summary'], ['reviews'], ['saved']])
      void queryClient.invalidateQueries({ queryKey });
    // A release, a payout paid or failed, a dispute resolved: the seller's balance and the dispute follow.
    for (const queryKey of [['balance'], ['disputes']]) void queryClient.invalidateQueries({ queryKey });
    // A listing approved or refused, a device verified or not, a laptop sold: My Products follows.
    void queryClient.invalidateQueries({ queryKey: ['add-products'] });
  });
  return (
    <Flex data-testid="dashboard-layout" mih="70vh">
      <Box
        component="aside"
        w={DRAWER_WIDTH}
        miw={DRAWER_WIDTH}
        p="md"
        visibleFrom="sm"
        style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
      >
        <DrawerMenu />
      </Box>
      <Box flex={1} p={{ base: 'sm', sm: 'lg' }} miw={0}>
        <Button hiddenFrom="sm" mb="md" variant="light" onClick={drawer.open} aria-expanded={opened}>
          {t('menu.open')}
        </Button>
        <Outlet />
      </Box>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        size={DRAWER_WIDTH}
        title={t('menu.title')}
        hiddenFrom="sm"
      >
        <DrawerMenu onNavigate={drawer.close} />
      </Drawer>
    </Flex>
  );
}

import {
  Anchor,
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { LazyTooltip } from 'web-kit/lazy-tooltip';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { logOut, useAuthStore } from 'runtime-kernel';
import { useT } from '@/shared/i18n';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';

const SignedInHeaderActions = lazy(() => import('./SignedInHeaderActions'));

interface NavItem {
  label: 'home' | 'dashboard' | 'categories' | 'blogs' | 'aboutUs' | 'contactUs';
  to: string;
  signedInOnly?: boolean;
  /** About Us shares / with Home; only Home is marked as the current page there. */
  neverActive?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { label: 'home', to: '/' },
  { label: 'dashboard', to: '/dashboard', signedInOnly: true },
  { label: 'categories', to: '/category/products/04' },
  { label: 'blogs', to: '/blogs' },
  { label: 'aboutUs', to: '/', neverActive: true },
  { label: 'contactUs', to: '/contactus' },
];

const ACTIVE_STYLE = { color: 'var(--mantine-primary-color-filled)' };

/** `notice`: a line for the whole site above the bar (MainLayout's test-payments banner). */
export function Header({ notice }: { notice?: ReactNode }) {
  const t = useT();
  const user = useAuthStore((s) => s.user);
  const loading = useAuthStore((s) => s.loading);
  const navigate = useNavigate();
  const [menuOpen, menu] = useDisclosure(false);
  const items = NAV_ITEMS.filter((item) => !item.signedInOnly || user);

  const handleLogOut = () => {
    menu.close();
    // docs/product.md#accounts: a logout failure is only logged.
    logOut()
      .then(() => navigate('/login'))
      .catch((error: unknown) => console.error('Log out failed', error));
  };

  const links = (vertical: boolean) =>
    items.map((item) =>
      item.neverActive ? (
        <Anchor
          key={item.label}
          component={Link}
          to={item.to}
          onClick={menu.close}
          c="var(--mantine-color-text)"
          fw={500}
          size={vertical ? 'lg' : 'sm'}
          underline="hover"
        >
          {t(`header.nav.${item.label}`)}
        </Anchor>
      ) : (
        <Anchor
          key={item.label}
          component={NavLink}
          to={item.to}
          end={item.to === '/'}
          onClick={menu.close}
          c="var(--mantine-color-text)"
          fw={500}
          size={vertical ? 'lg' : 'sm'}
          underline="hover"
          style={({ isActive }: { isActive: boolean }) => (isActive ? ACTIVE_STYLE : undefined)}
        >
          {t(`header.nav.${item.label}`)}
        </Anchor>
      ),
    );

  // While Firebase restores the session, hold the space so the header does not jump when it answers.
  const account = loading ? (
    <Group gap="sm" wrap="nowrap" aria-hidden data-testid="account-loading">
      <Skeleton circle height={38} />
      <Skeleton height={36} width={84} radius="md" />
    </Group>
  ) : user ? (
    <Group gap="sm" wrap="nowrap">
      <LazyTooltip
        tooltip={(target, opened) => (
          <Tooltip
            label={user.displayName ?? user.email ?? t('header.signedIn')}
            withArrow
            target={target}
            opened={opened}
          />
        )}
      >
        <Avatar
          src={user.photoURL}
          alt={user.displayName ?? t('header.yourPhoto')}
          radius="xl"
          size="md"
          tabIndex={0}
          data-testid="user-avatar"
          name={user.displayName ?? user.email ?? undefined}
          color="initials"
        />
      </LazyTooltip>
      <Button variant="light" onClick={handleLogOut}>
        {t('header.logOut')}
      </Button>
    </Group>
  ) : (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle" onClick={menu.close}>
        {t('header.login')}
      </Button>
      <Button component={Link} to="/register" onClick={menu.close}>
        {t('header.register')}
      </Button>
    </Group>
  );

  return (
    <Box
      component="header"
      py="sm"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {notice}
      <Container size="xl">
        {/* Below 90em the search box takes a row of its own under the bar (global.css). */}
        <Group justify="space-between" wrap="wrap" gap="md" mih={42} style={{ rowGap: 8 }}>
          <Anchor component={Link} to="/" underline="never" aria-label={t('header.homeLink')}>
            <Text fw={800} fz="xl" c="indigo" component="span">
              Second<span style={{ color: 'var(--mantine-color-text)' }}>Byte</span>
            </Text>
          </Anchor>
          <Group component="nav" aria-label={t('header.mainNav')} gap="lg" visibleFrom="md">
            {links(false)}
          </Group>
          <HeaderSearch className="header-search" />
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <ThemeToggle />
            {user && !loading && (
              <Suspense fallback={null}>
                <SignedInHeaderActions uid={user.uid} />
              </Suspense>
            )}
            <Box visibleFrom="md">{account}</Box>
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="md"
              aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={menuOpen}
        onClose={menu.close}
        title={t('header.menu')}
        hiddenFrom="md"
        size="xs"
        position="right"
        id="mobile-menu"
      >
        <Stack gap="lg">
          {user && (
            <Group gap="sm" wrap="nowrap">
              <Avatar
                src={user.photoURL}
                alt=""
                radius="xl"
                name={user.displayName ?? user.email ?? undefined}
                color="initials"
              />
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {user.displayName ?? t('header.signedIn')}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Stack>
            </Group>
          )}
          <Stack component="nav" aria-label={t('header.mainNav')} gap="md">
            {links(true)}
          </Stack>
          {account}
        </Stack>
      </Drawer>
    </Box>
  );
}

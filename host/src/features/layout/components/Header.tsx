import {
  Anchor,
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, useNavigate } from 'react-router';
import { logOut, useAuthStore } from 'shared-auth';
import { ThemeToggle } from './ThemeToggle';

interface NavItem {
  label: string;
  to: string;
  signedInOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Dashboard', to: '/dashboard', signedInOnly: true },
  { label: 'Categories', to: '/category/products/04' },
  { label: 'Blogs', to: '/blogs' },
  { label: 'About Us', to: '/' },
  { label: 'Contact Us', to: '/contactus' },
];

export function Header() {
  const user = useAuthStore((s) => s.user);
  const navigate = useNavigate();
  const [menuOpen, menu] = useDisclosure(false);
  const items = NAV_ITEMS.filter((item) => !item.signedInOnly || user);

  const handleLogOut = () => {
    menu.close();
    logOut()
      .then(() => navigate('/login'))
      .catch((error: unknown) => console.error('Log out failed', error));
  };

  const links = (vertical: boolean) =>
    items.map((item) => (
      <Anchor
        key={item.label}
        component={NavLink}
        to={item.to}
        end
        onClick={menu.close}
        c="var(--mantine-color-text)"
        fw={500}
        size={vertical ? 'lg' : 'sm'}
        underline="hover"
      >
        {item.label}
      </Anchor>
    ));

  const account = user ? (
    <Group gap="sm" wrap="nowrap">
      <Tooltip label={user.displayName ?? user.email ?? 'Signed in'}>
        <Avatar src={user.photoURL} alt={user.displayName ?? 'Your photo'} radius="xl" size="md" />
      </Tooltip>
      <Button variant="light" onClick={handleLogOut}>
        LogOut
      </Button>
    </Group>
  ) : (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle" onClick={menu.close}>
        Login
      </Button>
      <Button component={Link} to="/register" onClick={menu.close}>
        Register
      </Button>
    </Group>
  );

  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label="SecondByte home">
            <Text fw={800} fz="xl" c="indigo">
              Second<span style={{ color: 'var(--mantine-color-text)' }}>Byte</span>
            </Text>
          </Anchor>
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
            {links(false)}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <Box visibleFrom="md">{account}</Box>
            <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="md" aria-label="Open menu" />
          </Group>
        </Group>
      </Container>
      <Drawer opened={menuOpen} onClose={menu.close} title="Menu" hiddenFrom="md" size="xs" position="right">
        <Stack component="nav" aria-label="Main" gap="md">
          {links(true)}
          {account}
        </Stack>
      </Drawer>
    </Box>
  );
}

import { Avatar, Box, Button, Drawer, Flex, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink, Outlet } from 'react-router';
import { useAuthStore } from 'shared-auth';
import { DASHBOARD_LINKS } from './dashboard-links';

export const DRAWER_WIDTH = 280;

function DrawerMenu({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAuthStore((s) => s.user);
  const role = useAuthStore((s) => s.role);
  const links = role ? DASHBOARD_LINKS[role] : [];
  return (
    <Stack gap="md">
      <Stack align="center" gap={4} py="md">
        <Avatar src={user?.photoURL} alt={user?.displayName ?? 'Your photo'} size={72} radius="xl" />
        <Text fw={600}>{user?.displayName ?? 'Guest'}</Text>
        <Text size="sm" c="dimmed">
          {user?.email}
        </Text>
      </Stack>
      <Box component="nav" aria-label="Dashboard">
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} onClick={onNavigate} style={{ textDecoration: 'none' }}>
            {({ isActive }) => <MantineNavLink component="span" label={link.label} active={isActive} />}
          </NavLink>
        ))}
      </Box>
    </Stack>
  );
}

/** SPEC §2 dashboard layout: a fixed-width drawer beside the content, a toggled drawer on phones. */
export function DashboardLayout() {
  const [opened, drawer] = useDisclosure(false);
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
      <Box flex={1} p="md" miw={0}>
        <Button hiddenFrom="sm" mb="md" variant="light" onClick={drawer.open}>
          Open Dashboard
        </Button>
        <Outlet />
      </Box>
      <Drawer opened={opened} onClose={drawer.close} size={DRAWER_WIDTH} title="Dashboard" hiddenFrom="sm">
        <DrawerMenu onNavigate={drawer.close} />
      </Drawer>
    </Flex>
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import type { Role } from 'shared-contracts/users';
import { refreshRole } from './auth-operations';
import { useAuthStore, type AuthState } from './auth-store';
import { useKernelText } from './kernel-texts';

export type RoleAccess = 'loading' | 'signed-out' | 'allowed' | 'forbidden' | 'no-profile' | 'error';

/** The pure decision behind RoleGate and useRoleAccess (no React, so it is easy to test). */
export function decideRoleAccess(
  state: Pick<AuthState, 'user' | 'loading' | 'role' | 'roleStatus'>,
  roles: readonly Role[],
): RoleAccess {
  if (state.loading) return 'loading';
  if (!state.user) return 'signed-out';
  switch (state.roleStatus) {
    case 'idle':
    case 'loading':
      return 'loading';
    case 'missing':
      return 'no-profile';
    case 'error':
      return 'error';
    case 'ready':
      return state.role && roles.includes(state.role) ? 'allowed' : 'forbidden';
  }
}

/** Where the signed-in user stands for a page meant for `roles`. */
export function useRoleAccess(roles: readonly Role[]): RoleAccess {
  return useAuthStore((s) => decideRoleAccess(s, roles));
}

/** The order roles are named in, whatever order a page lists them. */
const ROLE_ORDER: readonly Role[] = ['admin', 'seller', 'buyer'];

interface RoleGateProps {
  roles: readonly Role[];
  children: ReactNode;
  /** Where a signed-out visitor is sent; the page they wanted is remembered in the location state. */
  loginPath?: string;
}

/**
 * Renders its children only for a signed-in user whose role (from our API, never from the client)
 * is one of `roles`. Stricter than docs/product.md#sign-in, which leaves dashboard routes unguarded in the client:
 * a buyer who types an admin URL sees why they cannot be there, and the page's queries never run.
 */
export function RoleGate({ roles, children, loginPath = '/login' }: RoleGateProps) {
  const access = useRoleAccess(roles);
  const role = useAuthStore((s) => s.role);
  const location = useLocation();
  const t = useKernelText();

  switch (access) {
    case 'allowed':
      return children;
    case 'loading':
      return (
        <Center py="xl" aria-busy="true" aria-live="polite" data-testid="role-gate-loading">
          <Loader aria-label={t('roleGate.checking')} />
        </Center>
      );
    case 'signed-out':
      return <Navigate to={loginPath} replace state={{ from: location }} />;
    case 'error':
      return (
        <GateMessage title={t('roleGate.errorTitle')} color="orange" testId="role-gate-error">
          <Text size="sm">{t('roleGate.errorBody')}</Text>
          <Button variant="filled" color="orange" w="fit-content" onClick={() => void refreshRole()}>
            {t('roleGate.retry')}
          </Button>
        </GateMessage>
      );
    case 'no-profile':
    case 'forbidden': {
      const names = ROLE_ORDER.filter((r) => roles.includes(r)).map((r) => t(`roleGate.roleNames.${r}`));
      const joined =
        names.length > 1 ? `${names.slice(0, -1).join(', ')} ${t('roleGate.and')} ${names.at(-1)}` : names[0];
      return (
        <GateMessage title={t('roleGate.forbiddenTitle')} color="red" testId="role-gate-forbidden">
          <Text size="sm">
            {t('roleGate.onlyFor', { roles: joined ?? '' })}{' '}
            {role ? t(`roleGate.signedInAs.${role}`) : t('roleGate.noProfile')}
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/dashboard" variant="filled" color="red">
              {t('roleGate.backToDashboard')}
            </Button>
            <Button component={Link} to="/" variant="outline" color="red">
              {t('roleGate.home')}
            </Button>
          </Group>
        </GateMessage>
      );
    }
  }
}

function GateMessage({
  title,
  color,
  testId,
  children,
}: {
  title: string;
  color: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Center py="xl" px="md" data-testid={testId}>
      <Alert color={color} maw={560} w="100%" role="alert" variant="light">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {children}
        </Stack>
      </Alert>
    </Center>
  );
}

import type { ReactNode } from 'react';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { AlertIcon } from '@/shared/components/icons';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** docs/product.md#accounts: the failure is shown in red above the form. */
  error?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame shared by login, register and password reset. */
export function AuthCard({ title, subtitle, error, children, footer }: AuthCardProps) {
  return (
    <Container size={460} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }} ta="center">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" ta="center">
                {subtitle}
              </Text>
            )}
          </Stack>
          {/* Always in the tree so screen readers announce a new message without a focus jump. */}
          <div aria-live="assertive">
            {error && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="auth-error">
                <Text c="red" size="sm" fw={500}>
                  {error}
                </Text>
              </Alert>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text ta="center" size="sm" mt="md">
          {footer}
        </Text>
      )}
    </Container>
  );
}

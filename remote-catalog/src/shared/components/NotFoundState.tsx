import type { ReactNode } from 'react';
import { Button, EmptyState, type EmptyStateProps } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '@/shared/i18n';

/**
 * A page whose resource does not exist: its only heading, so it is the page's h1, with a way home.
 */
export function NotFoundState({
  title,
  children,
  ...rest
}: { title: string; children: ReactNode } & Omit<EmptyStateProps, 'title' | 'children'>) {
  const t = useT();
  return (
    <EmptyState role="status" {...rest}>
      <EmptyState.Title order={1}>{title}</EmptyState.Title>
      <EmptyState.Description>{children}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/" variant="light">
          {t('common.backToHome')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

import { Button, Center } from '@mantine/core';
import { useT } from '@/shared/i18n';

/**
 * docs/product.md#layout: "a full-screen loading button is shown while data loads" — while the auth state is
 * unknown on a guarded page, and while the first route loads. Fixed over the page so nothing
 * behind it (a header that still thinks you are signed out) flickers through.
 */
export function FullScreenLoader({ label }: { label?: string }) {
  const t = useT();
  const text = label ?? t('layout.loading');
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 300 }}
      aria-busy="true"
      aria-live="polite"
      data-testid="full-screen-loader"
    >
      <Button loading variant="subtle" size="xl" aria-label={text} loaderProps={{ type: 'dots' }}>
        {text}
      </Button>
    </Center>
  );
}

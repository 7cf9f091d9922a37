import { Button } from '@mantine/core';
import { GoogleIcon } from '@/shared/components/icons';
import { useT } from '@/features/auth/i18n';

export function GoogleSignInButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const t = useT();
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<GoogleIcon />}
      onClick={onClick}
      loading={loading}
      data-testid="google-sign-in"
    >
      {t('auth.google')}
    </Button>
  );
}

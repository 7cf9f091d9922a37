import { Button } from '@mantine/core';
import { GoogleIcon } from '@/shared/components/icons';

export function GoogleSignInButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
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
      Continue with Google
    </Button>
  );
}

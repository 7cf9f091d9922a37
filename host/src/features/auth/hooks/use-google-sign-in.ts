import { useState } from 'react';
import { googleSignIn, requestAccessToken, saveUserProfile, toast } from 'runtime-kernel';
import { useT } from '@/features/auth/i18n';

/**
 * docs/product.md#accounts: Google sign-in creates or registers the user as a buyer. POST /users is an upsert on the
 * verified e-mail that keeps an existing role, so signing in again never creates a second user and
 * never demotes a seller.
 */
export function useGoogleSignIn({
  onSuccess,
  onError,
}: {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);

  const signIn = async () => {
    setPending(true);
    try {
      const { user } = await googleSignIn();
      const email = user.email;
      if (!email) throw new Error('Your Google account has no e-mail address.');
      await saveUserProfile({
        name: user.displayName?.trim() || email.split('@')[0] || 'SecondByte user',
        email,
        // The profile keeps only images this site stores (docs/product.md#photos): Google's photo
        // URL is another host's, so the API would refuse it.
        url: null,
        role: 'buyer',
      });
      await requestAccessToken(email);
      toast.success(t('auth.googleSignedIn'));
      onSuccess();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
    }
  };

  return { signIn, pending };
}

import { useState, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  PasswordInput,
  Radio,
  Stack,
  TextInput,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  authErrorMessage,
  createUser,
  currentFirebaseUser,
  requestAccessToken,
  saveUserProfile,
  updateUser,
  uploadImage,
} from 'shared-auth';
import { emailFieldError } from '@/shared/lib/email';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { PhotoField, photoError } from '../components/PhotoField';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useT } from '@/shared/i18n';

type Role = 'seller' | 'buyer';
type Step = 'idle' | 'account' | 'photo' | 'profile';

interface FieldErrors {
  name?: string | null;
  photo?: string | null;
  email?: string | null;
  password?: string | null;
}

export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('seller');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  // docs/product.md#accounts: registration (and Google sign-in) goes to / afterwards.
  const google = useGoogleSignIn({
    onSuccess: () => navigate('/', { replace: true }),
    onError: (e) => setError(authErrorMessage(e)),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step !== 'idle') return;
    const errors: FieldErrors = {
      name: name.trim() ? null : t('auth.nameMissing'),
      photo: photoError(photo, t),
      email: emailFieldError(email, t),
      password: !password ? t('auth.choosePassword') : password.length < 6 ? t('auth.passwordShort') : null,
    };
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean) || !photo) return;
    setError(null);
    const address = email.trim();
    try {
      // A retry after a failed upload or profile save reuses the account this form already created.
      const current = await currentFirebaseUser();
      if (current?.email?.toLowerCase() !== address.toLowerCase()) {
        setStep('account');
        await createUser(address, password);
      }
      setStep('photo');
      setProgress(0);
      const url = await uploadImage(photo, { onProgress: setProgress });
      setStep('profile');
      await updateUser({ displayName: name.trim(), photoURL: url });
      await saveUserProfile({ name: name.trim(), email: address, url, role });
      await requestAccessToken(address);
      navigate('/', { replace: true });
    } catch (e) {
      setError(authErrorMessage(e));
      setStep('idle');
      setProgress(null);
    }
  };

  const busy = step !== 'idle';

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      error={error}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('auth.login')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('auth.registerTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.name')}
            name="name"
            autoComplete="name"
            placeholder={t('auth.namePlaceholder')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            disabled={busy}
            autoFocus
          />
          <PhotoField
            value={photo}
            onChange={setPhoto}
            error={fieldErrors.photo}
            progress={progress}
            disabled={busy}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            disabled={busy}
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete="new-password"
            placeholder={t('auth.passwordHint')}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            disabled={busy}
          />
          <Radio.Group
            name="role"
            label={t('auth.iWantTo')}
            value={role}
            onChange={(value) => setRole(value as Role)}
          >
            <Group gap="lg" mt={6}>
              <Radio value="seller" label={t('auth.sell')} disabled={busy} />
              <Radio value="buyer" label={t('auth.buy')} disabled={busy} />
            </Group>
          </Radio.Group>
          {/* Not Mantine's `loading`, which hides the label: the step tells the user what is happening. */}
          <Button
            type="submit"
            size="md"
            fullWidth
            mt="xs"
            aria-busy={busy}
            disabled={google.pending}
            leftSection={busy ? <Loader size={16} color="currentColor" /> : undefined}
          >
            {t(`auth.steps.${step}`)}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <GoogleSignInButton onClick={() => void google.signIn()} loading={google.pending} />
    </AuthCard>
  );
}

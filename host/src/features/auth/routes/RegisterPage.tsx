import { useState } from 'react';
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
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import {
  createUser,
  currentFirebaseUser,
  requestAccessToken,
  saveUserProfile,
  updateUser,
} from 'runtime-kernel';
import { authErrorMessage } from 'web-kit/auth-errors';
import { uploadImage } from 'web-kit/image-upload';
import { RegisterSchema } from 'shared-contracts/accounts';
import { schemaValidator } from 'web-kit/form-validation';
import { AuthCard } from '../components/AuthCard';
import { GoogleSignInButton } from '../components/GoogleSignInButton';
import { PhotoField } from '../components/PhotoField';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useT } from '@/features/auth/i18n';

type Role = 'seller' | 'buyer';
type Step = 'idle' | 'account' | 'photo' | 'profile';

interface RegisterValues {
  name: string;
  photo: File | null;
  email: string;
  password: string;
  role: Role;
}

export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: { name: '', photo: null, email: '', password: '', role: 'seller' },
    // A field's message stays until the next submit: typing does not make it come and go.
    clearInputErrorOnChange: false,
    validate: schemaValidator(RegisterSchema, {
      payload: (values) => ({ ...values, name: values.name.trim(), email: values.email.trim() }),
      messages: {
        name: 'auth.nameMissing',
        photo: { required: 'auth.photoMissing', tooLong: 'auth.photoTooLarge', invalid: 'auth.photoType' },
        email: { required: 'auth.emailMissing', invalid: 'auth.emailInvalid' },
        password: { required: 'auth.choosePassword', invalid: 'auth.passwordShort' },
      },
      t,
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  // docs/product.md#accounts: registration (and Google sign-in) goes to / afterwards.
  const google = useGoogleSignIn({
    onSuccess: () => navigate('/', { replace: true }),
    onError: (e) => setError(authErrorMessage(e)),
  });

  const handleSubmit = async ({ name, photo, email, password, role }: RegisterValues) => {
    if (step !== 'idle' || !photo) return;
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
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={t('auth.registerTitle')}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.name')}
            name="name"
            autoComplete="name"
            placeholder={t('auth.namePlaceholder')}
            required
            maxLength={100}
            {...form.getInputProps('name')}
            disabled={busy}
            autoFocus
          />
          <PhotoField
            value={form.values.photo}
            onChange={(file) => form.setFieldValue('photo', file)}
            error={form.errors.photo}
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
            {...form.getInputProps('email')}
            disabled={busy}
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete="new-password"
            placeholder={t('auth.passwordHint')}
            required
            {...form.getInputProps('password')}
            disabled={busy}
          />
          <Radio.Group
            name="role"
            label={t('auth.iWantTo')}
            value={form.values.role}
            onChange={(value) => form.setFieldValue('role', value as Role)}
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

import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toast, useLanguage } from 'runtime-kernel';
import { serialFormatFor } from 'shared-contracts/device-serials';
import type { Product } from 'shared-contracts/products';
import type { MyVerification } from 'shared-contracts/verifications';
import { errorMessage } from '@/shared/lib/error-message';
import { useMyVerification } from '../api/get-my-verification';
import { useSubmitSerial } from '../api/submit-serial';
import { useUploadVerificationPhoto } from '../api/upload-verification-photo';
import { useT } from '../i18n';

/**
 * Verify device (docs/product.md#verified-devices): the serial, then the one-time code with its
 * instructions and the photo, then the operator's answer. Loaded when a seller opens it from My
 * Products, so My Products' first load does not carry it.
 */
export default function VerifyDeviceDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = useT();
  const current = useMyVerification(product._id);
  const [retyping, setRetyping] = useState(false);
  const verification = current.data?.verification ?? null;

  let body;
  if (current.isLoading) {
    body = (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('verify.loading')}</Text>
      </Group>
    );
  } else if (current.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('verify.failed')}{' '}
        <Button size="xs" variant="subtle" onClick={() => void current.refetch()}>
          {t('verify.retry')}
        </Button>
      </Alert>
    );
  } else if (!verification || retyping) {
    body = <SerialStep product={product} onDone={() => setRetyping(false)} />;
  } else {
    body = <AnswerStep product={product} verification={verification} onAgain={() => setRetyping(true)} />;
  }

  return (
    <Modal opened onClose={onClose} title={t('verify.title')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('verify.intro')}
        </Text>
        {body}
      </Stack>
    </Modal>
  );
}

function SerialStep({ product, onDone }: { product: Product; onDone: () => void }) {
  const t = useT();
  const language = useLanguage();
  const submit = useSubmitSerial(product._id);
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const format = serialFormatFor(product.categoryName);

  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    submit.mutate(serial, { onSuccess: onDone, onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('verify.serialLabel')}
          description={t('verify.serialHint', { format: format[language] })}
          value={serial}
          onChange={(e) => setSerial(e.currentTarget.value)}
          error={error}
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={40}
          data-autofocus
        />
        <Button type="submit" loading={submit.isPending}>
          {t('verify.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function AnswerStep({
  product,
  verification,
  onAgain,
}: {
  product: Product;
  verification: MyVerification;
  onAgain: () => void;
}) {
  const t = useT();
  const last4 = verification.serialLast4;
  switch (verification.state) {
    case 'awaiting-photo':
      return <PhotoStep product={product} verification={verification} />;
    case 'pending':
      return (
        <Alert color="blue" role="status">
          {t('verify.waiting', { last4 })}
        </Alert>
      );
    case 'approved':
      return (
        <Alert color="green" role="status">
          {t('verify.verified', { last4 })}
        </Alert>
      );
    case 'refused':
    case 'conflict':
      return (
        <Stack gap="sm">
          <Alert color={verification.state === 'refused' ? 'red' : 'orange'} role="status">
            {verification.state === 'refused'
              ? t('verify.refused', { reason: verification.reason ?? '' })
              : t('verify.conflict')}
          </Alert>
          <Button variant="light" onClick={onAgain}>
            {t('verify.again')}
          </Button>
        </Stack>
      );
  }
}

function PhotoStep({ product, verification }: { product: Product; verification: MyVerification }) {
  const t = useT();
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadVerificationPhoto(product._id, setProgress);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('verify.sent')),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('verify.codeTitle')}
        </Title>
        <Text
          data-testid="verification-code"
          ff="monospace"
          fz={36}
          fw={700}
          lts={6}
          ta="center"
          aria-live="polite"
        >
          {verification.code}
        </Text>
        <Text size="sm">{t('verify.codeHelp', { last4: verification.serialLast4 })}</Text>
        <FileInput
          label={t('verify.photoLabel')}
          accept="image/jpeg,image/png,image/webp"
          value={file}
          onChange={setFile}
          error={error}
          clearable
        />
        {upload.isPending && <Progress value={progress} aria-label={t('verify.uploading', { progress })} />}
        <Button type="submit" disabled={!file} loading={upload.isPending}>
          {t('verify.upload')}
        </Button>
      </Stack>
    </form>
  );
}

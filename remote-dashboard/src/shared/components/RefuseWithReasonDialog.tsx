import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { toast } from 'runtime-kernel';
import { errorMessage } from '@/shared/lib/error-message';

/** The dialog's words, in the language of the page that opens it (each queue has its own texts). */
export interface RefuseTexts {
  title: string;
  label: string;
  hint: string;
  tooShort: string;
  tooLong: string;
  cancel: string;
  refuse: string;
  refused: string;
}

/**
 * An operator refuses something a seller sent (a listing, a device verification) with a reason the
 * seller reads. The length rule is the API's, checked here first so the operator's words stay; an
 * error from the API shows under the field, and the dialog stays open.
 */
export function RefuseWithReasonDialog({
  texts,
  limits,
  refuse,
  onClose,
}: {
  texts: RefuseTexts;
  limits: { min: number; max: number };
  /** Sends the trimmed reason; the dialog closes when it resolves. */
  refuse: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < limits.min) return setError(texts.tooShort);
    if (trimmed.length > limits.max) return setError(texts.tooLong);
    setError(null);
    setSending(true);
    try {
      await refuse(trimmed);
      toast.success(texts.refused);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setSending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={texts.title} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Textarea
            label={texts.label}
            description={texts.hint}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            required
            autosize
            minRows={3}
            maxLength={limits.max}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color="red" loading={sending}>
              {texts.refuse}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ApiError, toast } from 'shared-auth';
import { useCreateReport } from '../api/create-report';

// shared-contracts/reports allows up to 1000 characters.
const REASON_MAX = 1000;

interface ReportItemDialogProps {
  productId: string;
  productName: string;
  opened: boolean;
  onClose: () => void;
}

export function ReportItemDialog({ productId, productName, opened, onClose }: ReportItemDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const report = useCreateReport();
  const missing = reason.trim().length === 0;

  const close = () => {
    setReason('');
    setTouched(false);
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    report.mutate(
      { productId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Report sent. Thank you, an admin will review this listing.');
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Report this item" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell us what is wrong with “{productName}”: a scam, a wrong description, a listing that is already
            sold…
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing ? 'Please give a reason.' : undefined}
            data-autofocus
          />
          {report.isError && (
            <Alert color="red" role="alert" title="The report was not sent">
              {report.error instanceof ApiError
                ? report.error.message
                : 'Check your connection and try again.'}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} type="button">
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

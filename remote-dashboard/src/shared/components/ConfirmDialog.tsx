import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useT } from '@/shared/i18n';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** Red for what cannot be undone (the default); role changes can be, and use the theme's colour. */
  confirmColor?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A destructive action asks first; cancel holds the initial focus so Enter never destroys by accident. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  confirmColor = 'red.9',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** The delete confirmation of docs/product.md#dashboard, word for word. */
export function ConfirmDeleteDialog(
  props: Pick<ConfirmDialogProps, 'opened' | 'busy' | 'onConfirm' | 'onCancel'>,
) {
  const t = useT();
  return (
    <ConfirmDialog
      {...props}
      title={t('confirmDelete.title')}
      message={t('confirmDelete.message')}
      confirmLabel={t('common.delete')}
    />
  );
}

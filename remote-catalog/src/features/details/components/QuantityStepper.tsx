import { ActionIcon, Group, Text } from '@mantine/core';
import { useT } from '@/shared/i18n';

// docs/product.md#listings: quantity cannot go below 1. Nothing sets an upper bound; a used-laptop listing is a
// handful of units at most, so the stepper stops at a small ceiling instead of growing forever.
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

export const clampQuantity = (value: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, value));

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
}

export function QuantityStepper({ value, onChange }: QuantityStepperProps) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-labelledby="quantity-label">
      <Text id="quantity-label" size="sm" fw={500} mr="xs">
        {t('details.quantity')}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('details.decreaseQuantity')}
        disabled={value <= MIN_QUANTITY}
        onClick={() => onChange(clampQuantity(value - 1))}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <Text
        component="output"
        aria-live="polite"
        aria-label={t('details.quantityValue', { value })}
        fw={600}
        w={32}
        ta="center"
        data-testid="quantity-value"
      >
        {value}
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('details.increaseQuantity')}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(clampQuantity(value + 1))}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}

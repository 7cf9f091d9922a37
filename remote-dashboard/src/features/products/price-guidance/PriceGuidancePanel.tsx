import { Alert, Loader, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLanguage } from 'runtime-kernel';
import {
  MIN_COMPARABLES,
  PriceGuidanceQuerySchema,
  type PriceGuidanceQuery,
} from 'shared-contracts/price-guidance';
import { formatPrice } from 'web-kit/format';
import { usePriceGuidance } from '../api/get-price-guidance';
import { useT } from './i18n';

export interface PriceGuidanceInput {
  category: string;
  productName: string;
  ramGb: number | string | null | undefined;
  storageGb: number | string | null | undefined;
  quality: string;
  excludeProductId?: string;
}

/** The form's fields as a valid query, or null while one is missing or out of range. */
function toQuery(input: PriceGuidanceInput): PriceGuidanceQuery | null {
  const parsed = PriceGuidanceQuerySchema.safeParse({
    ...input,
    ramGb: input.ramGb === '' || input.ramGb == null ? undefined : input.ramGb,
    storageGb: input.storageGb === '' || input.storageGb == null ? undefined : input.storageGb,
  });
  return parsed.success ? parsed.data : null;
}

/**
 * Price guidance (docs/product.md#price-guidance) beside a price field. It asks again 400 ms after
 * the seller stops typing, not on every key, and speaks its answer politely to screen readers.
 */
export default function PriceGuidancePanel(input: PriceGuidanceInput) {
  const t = useT();
  const language = useLanguage();
  const query = toQuery(input);
  const [debounced] = useDebouncedValue(query, 400);
  const guidance = usePriceGuidance(debounced);
  const price = (v: number | null) => (v === null ? '' : formatPrice(v, language));

  let body;
  if (query === null) body = <Text size="sm">{t('priceGuidance.needMore')}</Text>;
  else if (guidance.isError) body = <Alert color="red">{t('priceGuidance.failed')}</Alert>;
  else if (!guidance.data)
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('priceGuidance.loading')}</Text>
      </Group>
    );
  else {
    const g = guidance.data;
    body = (
      <>
        <Text size="sm" fw={500}>
          {g.enough
            ? t('priceGuidance.summary', {
                median: price(g.median),
                min: price(g.min),
                max: price(g.max),
                count: String(g.count),
              })
            : t('priceGuidance.tooFew', { count: String(g.count), min: String(MIN_COMPARABLES) })}
        </Text>
        {g.modelFamily && (
          <Text size="xs" c="dimmed">
            {t('priceGuidance.comparableMeans', { family: g.modelFamily })}
          </Text>
        )}
      </>
    );
  }

  return (
    <Paper withBorder p="sm" role="region" aria-label={t('priceGuidance.title')} data-testid="price-guidance">
      <Stack gap={4} aria-live="polite" aria-busy={guidance.isFetching}>
        <Text size="sm" fw={700}>
          {t('priceGuidance.title')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

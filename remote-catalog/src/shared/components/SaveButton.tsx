import { ActionIcon, Tooltip } from '@mantine/core';
import { LazyTooltip } from 'web-kit/lazy-tooltip';
import { useSavedToggle } from '@/shared/hooks/use-saved-toggle';
import { useT } from '@/shared/i18n';

const HEART =
  'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z';

/** The heart on a card and on the details page: a toggle button (aria-pressed) labelled Save / Saved. */
export function SaveButton({ productId, size = 'lg' }: { productId: string; size?: 'md' | 'lg' | 'xl' }) {
  const t = useT();
  const { saved, toggle } = useSavedToggle(productId);
  const label = saved ? t('saved.saved') : t('saved.save');
  return (
    <LazyTooltip
      openDelay={400}
      tooltip={(target, opened) => <Tooltip label={label} withArrow target={target} opened={opened} />}
    >
      <ActionIcon
        variant={saved ? 'light' : 'default'}
        color={saved ? 'red' : 'gray'}
        size={size}
        radius="xl"
        aria-pressed={saved}
        aria-label={label}
        onClick={toggle}
        data-testid={`save-${productId}`}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={HEART}
            fill={saved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </ActionIcon>
    </LazyTooltip>
  );
}

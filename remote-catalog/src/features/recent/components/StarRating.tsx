import { Group } from '@mantine/core';
import { starCount } from '../lib/star-count';

function Star() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="var(--mantine-color-yellow-6)"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
      />
    </svg>
  );
}

export function StarRating({ rating }: { rating: number | null | undefined }) {
  const stars = starCount(rating);
  return (
    <Group gap={2} role="img" aria-label={`${stars} stars`} data-stars={stars} wrap="nowrap">
      {Array.from({ length: stars }, (_, i) => (
        <Star key={i} />
      ))}
    </Group>
  );
}

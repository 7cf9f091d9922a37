import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import * as offscreen from './offscreen-skip.module.css';

interface ListingCardProps {
  children: ReactNode;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

/**
 * The frame of a listing's card in a grid: bordered, as tall as its row, and skipped by the browser
 * while it is far below the fold (offscreen-skip.module.css says why).
 */
export function ListingCard({ children, ...attributes }: ListingCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      h="100%"
      component="article"
      className={offscreen.offscreenSkip}
      {...attributes}
    >
      {children}
    </Card>
  );
}

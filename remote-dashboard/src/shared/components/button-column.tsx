import { Button } from '@mantine/core';
import type { Column } from './DataTable';

interface ButtonColumn<T> {
  key: string;
  header: string;
  /** The button's text, the same on every row. */
  text: string;
  /** What a screen reader hears: the action and the row it acts on ("Delete Dell XPS 13"). */
  label: (row: T) => string;
  onClick: (row: T) => void;
  /** Red for what removes or takes away; blue for the rest. */
  color?: 'red' | 'blue';
}

/** A column of one button per row: on a phone card it sits in the card's button row. */
export function buttonColumn<T>({
  key,
  header,
  text,
  label,
  onClick,
  color = 'red',
}: ButtonColumn<T>): Column<T> {
  return {
    key,
    header,
    action: true,
    render: (row) => (
      <Button size="xs" color={color} variant="light" aria-label={label(row)} onClick={() => onClick(row)}>
        {text}
      </Button>
    ),
  };
}

import { SegmentedControl } from '@mantine/core';
import type { ListControls } from '../hooks/use-list-params';

interface ListFilterProps {
  /** Accessible name of the group, e.g. 'Which reports'. */
  label: string;
  /** The filter of the list's spec this control sets. */
  name: string;
  list: ListControls;
  /** Each value the API takes (or 'all') with its label, in the order shown. */
  options: { value: string; label: string }[];
}

/** One filter of a server-paged list (sales status, report status…), kept in the URL like the page. */
export function ListFilter({ label, name, list, options }: ListFilterProps) {
  return (
    <SegmentedControl
      aria-label={label}
      data={options}
      value={list.params.filters[name]}
      onChange={(value) => list.setFilter(name, value)}
    />
  );
}

import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import type { ListControls } from '../hooks/use-list-params';

interface ListTabsProps {
  /** Accessible name of the tab list, e.g. 'Which disputes'. */
  label: string;
  /** The filter of the list's spec the tabs set (kept in the URL like the page). */
  name: string;
  list: ListControls;
  options: { value: string; label: string }[];
  /** The list of the chosen tab. */
  children: ReactNode;
}

/** A queue's states as tabs (Open / Resolved…): each tab is a filter of the same list. */
export function ListTabs({ label, name, list, options, children }: ListTabsProps) {
  const value = list.params.filters[name] ?? null;
  return (
    <Tabs value={value} onChange={(next) => next && list.setFilter(name, next)}>
      <Tabs.List aria-label={label}>
        {options.map((option) => (
          <Tabs.Tab key={option.value} value={option.value}>
            {option.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {options.map((option) => (
        <Tabs.Panel key={option.value} value={option.value} pt="md">
          {option.value === value && children}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

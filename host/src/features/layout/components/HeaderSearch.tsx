import { useState, type FormEvent } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';

// The API's limit for search text (shared-contracts/listing-vocabulary MAX_SEARCH_QUERY_LENGTH;
// spelled out: the shell takes no contract module, docs/decisions/0016-first-load-budget.md).
const MAX_QUERY_LENGTH = 100;

/** The search page's text, for the box to show while the buyer is on it. */
function currentQuery(pathname: string, search: string) {
  return pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
}

/**
 * The header's search box. A plain GET form to /search, so it works before the page's scripts
 * have started (docs/product.md#first-paint); afterwards it navigates inside the app.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const urlQuery = currentQuery(pathname, search);
  // Keyed by the URL's text: Back/Forward and a new search show what the results are for.
  return <SearchForm key={urlQuery} initial={urlQuery} className={className} />;
}

function SearchForm({ initial, className }: { initial: string; className?: string }) {
  const navigate = useNavigate();
  const t = useT();
  const [query, setQuery] = useState(initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim().replace(/\s+/g, ' ');
    navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
    // A phone's keyboard would cover the results.
    event.currentTarget.querySelector('input')?.blur();
  };

  return (
    <form
      role="search"
      aria-label={t('search.form')}
      action="/search"
      method="get"
      onSubmit={submit}
      className={className}
    >
      <TextInput
        name="q"
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        maxLength={MAX_QUERY_LENGTH}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSectionWidth={36}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('search.submit')} size="md">
            <SearchIcon size={16} />
          </ActionIcon>
        }
      />
    </form>
  );
}

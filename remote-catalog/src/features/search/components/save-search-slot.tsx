import { lazy, Suspense } from 'react';

const SaveSearchButton = lazy(() => import('./SaveSearchButton'));

/** "Save this search", fetched after the page: the search page's first load does not carry it. */
export const SaveSearchSlot = () => (
  <Suspense>
    <SaveSearchButton />
  </Suspense>
);

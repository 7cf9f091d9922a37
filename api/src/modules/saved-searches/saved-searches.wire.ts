import type { SavedSearch } from 'shared-contracts/saved-searches';
import type { SavedSearchListRow } from './saved-searches.repository';

/** A saved search as the dashboard lists it: the link back is `/search?` + its query. */
export const toSavedSearch = (r: SavedSearchListRow): SavedSearch => ({
  _id: r.id,
  query: r.query,
  words: r.words,
  createdAt: new Date(r.createdAt).toISOString(),
});

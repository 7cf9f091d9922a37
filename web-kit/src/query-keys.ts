/**
 * The query cache is one QueryClient for the host and every remote (docs/product.md#cache-keys),
 * so its keys are a contract between separately released remotes: one remote reads what another
 * invalidates. Every key is made here. The strings are the ones each remote has always used, so a
 * remote built with this kit agrees with one built before it.
 */
export const queryKeys = {
  /** The brand list (the original client's cache key 'category'). */
  categories: () => ['category'] as const,
  /** A user's profile (the original client's cache key 'users' plus the e-mail). */
  profile: (email: string) => ['users', email] as const,
  catalog: {
    advertised: () => ['get-advertise'] as const,
    recent: () => ['recent-product'] as const,
    /** A search, category or brand page, by its serialized filters. */
    search: (filters: string) => ['search', filters] as const,
    details: (id: string) => ['details', id] as const,
    /** The public seller page: the profile with a page of listings, and a page of reviews. */
    seller: (id: string, page: number) => ['seller-page', id, page] as const,
    sellerReviews: (id: string, page: number) => ['seller-reviews', id, page] as const,
  },
  /** The dashboard's Reviews pages (docs/product.md#reviews-and-seller-pages). */
  reviews: {
    all: () => ['reviews'] as const,
    pending: () => ['reviews', 'pending'] as const,
    given: (page: number) => ['reviews', 'given', page] as const,
    received: (page: number) => ['reviews', 'received', page] as const,
  },
  /**
   * Saved laptops (docs/product.md#saved-laptops): the catalogue's hearts read `ids`, the
   * dashboard's Saved page a `list` page; a save or removal in either invalidates `all`.
   */
  saved: {
    all: () => ['saved'] as const,
    // Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
    ids: (uid: string) => ['saved', uid, 'ids'] as const,
    list: (uid: string, page: number) => ['saved', uid, 'list', page] as const,
  },
  /**
   * Paid orders and where their money is (docs/product.md#money): the dashboard's lists and the
   * checkout's receipt read them; a move on an order (hand over, confirm, cancel, dispute)
   * invalidates `all`. Keyed by the reader's uid: an order's `actions` depend on who asks.
   */
  orders: {
    all: () => ['orders'] as const,
    list: (uid: string, as: 'buyer' | 'seller') => ['orders', uid, 'list', as] as const,
    one: (uid: string, transactionId: number) => ['orders', uid, 'one', transactionId] as const,
  },
  /**
   * Offers (docs/product.md#offers): the details page reads the buyer's offer on a listing, the
   * dashboard the two lists; a move in either invalidates `all`. Keyed by the reader's uid.
   */
  offers: {
    all: () => ['offers'] as const,
    mine: (uid: string, productId: string) => ['offers', uid, 'mine', productId] as const,
    list: (uid: string, side: 'buyer' | 'seller', params: string) => ['offers', uid, side, params] as const,
  },
} as const;

/**
 * Every catalogue query that shows listings: what a remote that adds, removes or advertises a
 * listing invalidates, so the shop never shows a deleted laptop for the 5-minute freshness
 * (docs/product.md#data-freshness).
 */
export const catalogListingKeys = () =>
  [['get-advertise'], ['recent-product'], ['search'], ['details'], ['seller-page']] as const;

/** What a new review or answer changes: the seller's page, their stars on every card, the lists. */
export const reviewKeys = () => [...catalogListingKeys(), ['seller-reviews'], ['reviews']] as const;

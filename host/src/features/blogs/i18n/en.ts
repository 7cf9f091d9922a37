// The blogs page's texts, in the page's chunk rather than every page's first load
// (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  blogs: {
    title: 'Blogs',
    intro: 'Questions people ask us about the web, answered.',
    loading: 'Loading blogs',
    failed: 'The blogs could not be loaded',
    checkConnection: 'Check your connection and try again.',
    tryAgain: 'Try again',
    emptyTitle: 'No posts yet',
    emptyText: 'We have not published any questions and answers yet. Check back soon.',
  },
  blogCard: {
    // The badge before each question: Q1, Q2…
    number: 'Q{{number, number}}',
  },
};

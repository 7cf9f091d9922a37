// The operators' view of a user's blocks, in a chunk of its own: it loads with All Sellers and
// All Buyers, not with every dashboard page (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  userBlocks: {
    column: 'Blocks',
    open: 'Blocks',
    openFor: 'Blocks of {{name}}',
    title: 'Blocks of {{name}}',
    given: 'Blocked by {{name}}',
    received: 'Who blocked {{name}}',
    none: 'None',
    since: 'since {{date}}',
    conversation: 'Open the conversation',
    loading: 'Loading the blocks',
    loadFailed: 'The blocks could not be loaded',
    tryAgain: 'Try again',
  },
};

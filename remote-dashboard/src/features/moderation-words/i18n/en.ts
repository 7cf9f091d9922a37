// The Moderation words page's texts, in a chunk of their own: they load with that page, not with
// every dashboard page (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  moderationWords: {
    title: 'Moderation words',
    description:
      'A new listing whose name or description holds one of these words, as a whole word and in any case, waits for an operator.',
    queue: 'Listings to review',
    table: 'Moderation words',
    addForm: 'Add a moderation word',
    word: 'Word',
    wordHint: '2–40 characters on one line; a short phrase is fine',
    add: 'Add word',
    added: '“{{word}}” is on the list',
    tooShort: 'Write at least {{n}} characters',
    tooLong: 'Write at most {{n}} characters',
    oneLine: 'Write the word on one line, with letters, digits and ordinary punctuation only',
    addedBy: 'Added by',
    date: 'Added',
    actions: 'Actions',
    remove: 'Remove',
    removeWord: 'Remove “{{word}}”',
    removed: '“{{word}}” is off the list',
    confirmTitle: 'Remove this word?',
    confirmText: 'Listings checked from now on are no longer flagged for “{{word}}”.',
    search: 'Search words',
    empty: 'No moderation words yet',
    emptyText: 'Add a word above; new listings that use it will wait for an operator.',
  },
};

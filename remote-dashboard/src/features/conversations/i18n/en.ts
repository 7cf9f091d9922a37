// Blocking's texts (Blocked people, and Block and the closed notice on a conversation), in a chunk
// of their own: they load with those pages, not with every dashboard page
// (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  blocks: {
    title: 'Blocked people',
    description:
      'People you blocked from a conversation. Neither of you can send the other messages, offers or bookings until you unblock them.',
    person: 'Person',
    email: 'E-mail',
    date: 'Blocked on',
    actions: 'Actions',
    search: 'Search by name or e-mail',
    empty: 'You have blocked nobody',
    emptyText: 'In a conversation, Block stops messages, offers and bookings with that person.',
    openConversation: 'Open the conversation with {{name}}',
    unblock: 'Unblock {{name}}',
    unblocked: 'Unblocked: you can write to each other again',
    link: 'Blocked people',
    conversation: {
      block: 'Block {{name}}',
      blockTitle: 'Block {{name}}?',
      blockText:
        'This closes the conversation. Neither of you can send messages, offers or bookings to the other until you unblock.',
      blockConfirm: 'Block',
      blocked: 'Blocked: the conversation is closed',
      closedTitle: 'This conversation is closed',
      closedText: 'A block stops messages, offers and bookings between you and this person.',
      closedByMe: 'You blocked {{name}}. Unblock to write to each other again.',
      unblock: 'Unblock {{name}}',
      unblocked: 'Unblocked: you can write to each other again',
      adminClosed: 'A block between the buyer and the seller closed this conversation.',
    },
    backToMessages: '← Messages',
  },
};

// The offer pages' texts, in a chunk of their own: they load with My offers or Offers on my
// listings, not with every dashboard page (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  offers: {
    mine: {
      title: 'My offers',
      description:
        'The prices you offered, the sellers’ answers and counter-offers. An offer waits 48 hours; an agreed price holds 48 hours for your booking or payment.',
      empty: 'You have made no offers yet',
      emptyText: 'On a laptop’s page, Make an offer names your price.',
    },
    received: {
      title: 'Offers on my listings',
      description: 'Prices buyers offered for your laptops. Accept, decline or counter within 48 hours.',
      empty: 'No offers on your listings yet',
      emptyText: 'When a buyer offers a price, it appears here and in your bell.',
    },
    product: 'Product',
    buyer: 'Buyer',
    seller: 'Seller',
    amount: 'Offer',
    asking: 'asking {{price}}',
    counter: 'Counter-offer',
    state: 'State',
    date: 'Offered on',
    actions: 'Actions',
    filter: 'Show',
    allStates: 'All offers',
    search: 'Search by product name',
    answerBy: 'answer by {{date}}',
    holdsUntil: '{{price}} holds until {{date}}',
    noActions: 'Nothing to do',
    states: {
      pending: 'Waiting for the seller',
      countered: 'Counter-offer',
      accepted: 'Accepted',
      declined: 'Declined',
      expired: 'Expired',
      closed: 'Closed: sold',
      completed: 'Bought',
    },
    moves: { accept: 'Accept', decline: 'Decline', counter: 'Counter' },
    movesFor: {
      accept: 'Accept the offer for {{name}}',
      decline: 'Decline the offer for {{name}}',
      counter: 'Counter the offer for {{name}}',
    },
    done: {
      accept: 'Offer accepted',
      decline: 'Offer declined',
      counter: 'Counter-offer sent',
    },
    confirmDecline: {
      title: 'Decline this offer?',
      message: 'The offer for {{name}} ends and the other person is told. This cannot be undone.',
    },
    keep: 'Keep it',
    counterTitle: 'Counter the offer for {{name}}',
    counterAmount: 'Your price (taka)',
    counterBounds: 'From the buyer’s offer {{min}} up to the asking price {{max}}',
    sendCounter: 'Send counter-offer',
  },
};

// The texts of the details page's lazily loaded parts, in a chunk of their own: the offer form (the
// first Make an offer click), the buyer's offer state (only with an offer) and the report form (the
// first Report click), not the page's first load (docs/decisions/0044-byte-budget-in-the-tests.md).
// The buttons' texts stay in shared/i18n.
export const en = {
  offers: {
    dialogTitle: 'Make an offer',
    intro:
      'The seller asks {{price}} for {{name}}. Offer your price: the seller can accept, decline or answer with another price.',
    amount: 'Your offer (taka)',
    minimum: 'From {{min}} (half the asking price) up to {{max}}',
    amountMissing: 'Enter the price you offer',
    amountInvalid: 'Enter a whole number of taka',
    amountTooLow: 'The lowest offer is {{min}}, half the asking price',
    amountTooHigh: 'An offer is at most the asking price, {{max}}',
    notSent: 'Your offer was not sent',
    sent: 'Offer sent to the seller',
    cancel: 'Cancel',
    send: 'Send offer',
    statePending: 'Your offer of {{amount}} is waiting for the seller until {{date}}.',
    stateCountered: 'The seller answered your {{amount}} with {{counter}}; answer by {{date}}.',
    stateAccepted: 'The seller agreed to {{agreed}}. Book or buy by {{date}} to pay that price.',
    stateDeclined: 'The seller declined your offer of {{amount}}. You can make another.',
    stateExpired: 'Your offer of {{amount}} expired without an answer. You can make another.',
    stateClosed: 'This laptop was sold to someone else.',
    stateCompleted: 'You bought this laptop for {{agreed}}.',
    answerInDashboard: 'Answer in My offers',
  },
  report: {
    title: 'Report this item',
    intro:
      'Tell us what is wrong with “{{name}}”: a scam, a wrong description, a listing that is already sold…',
    reason: 'Reason',
    reasonMissing: 'Please give a reason.',
    notSent: 'The report was not sent',
    cancel: 'Cancel',
    send: 'Send report',
    sent: 'Report sent. Thank you, an admin will review this listing.',
  },
};

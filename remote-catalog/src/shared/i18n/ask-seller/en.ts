// The Ask the seller form's texts, in a chunk of their own: they load with the form, on the first
// Ask click, not in every catalog page's first load (docs/decisions/0044-byte-budget-in-the-tests.md).
// The button's texts stay in shared/i18n.
export const en = {
  conversations: {
    dialogTitle: 'Ask the seller',
    intro: 'Your question about {{name}} goes to {{seller}}. Their answer appears in your Messages.',
    question: 'Your question',
    placeholder: 'For example: is the battery original?',
    questionMissing: 'Write your question first',
    counter: '{{n}} / {{max}} characters',
    notSent: 'Your question was not sent',
    cancel: 'Cancel',
    send: 'Send question',
  },
};

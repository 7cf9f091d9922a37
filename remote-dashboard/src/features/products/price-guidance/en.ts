// Price guidance's texts, in a chunk of their own: they load with the panel, which loads lazily
// on Add a Product and Edit price (docs/decisions/0044-byte-budget-in-the-tests.md).
export const en = {
  priceGuidance: {
    title: 'Asking prices of comparable listings',
    needMore: 'Fill in the brand, name, RAM, storage and condition to compare asking prices.',
    loading: 'Looking up comparable listings…',
    failed: 'Could not load comparable asking prices.',
    tooFew:
      'Comparable listings on sale: {{count}}. It takes {{min}} to suggest a price, so none is suggested.',
    summary: 'Median asking price {{median}}, from {{min}} to {{max}}, across {{count}} listings.',
    comparableMeans:
      'Comparable: same brand and model family ({{family}}), same RAM, storage from half to double, same condition. These are asking prices, not sale prices.',
  },
};

// The audit log's words for the operators' trust decisions (moderation queue, word list, device
// verification; docs/product.md#moderation, #verified-devices). They load with the audit page,
// not with every dashboard page (e2e/byte-budget.ts).
export const en = {
  actions: {
    'listing-approve': 'Approved listing',
    'listing-refuse': 'Refused listing',
    'moderation-word-add': 'Added moderation word',
    'moderation-word-remove': 'Removed moderation word',
    'verification-approve': 'Device verification approved',
    'verification-refuse': 'Device verification refused',
  },
  targets: {
    'moderation-word': 'moderation word',
    verification: 'device verification',
  },
  fields: {
    reviewState: 'review',
    word: 'word',
  },
  values: {
    pending: 'waiting for review',
    published: 'public',
    refused: 'refused',
    approved: 'approved',
    conflict: 'serial conflict',
  },
};

import { expect, test } from '../support/test';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi } from '../support/ui';

// Conversations (docs/product.md#conversations): a buyer asks the seller from the listing's page,
// the seller answers from their Messages in another browser, and the buyer's open conversation
// shows the answer live, without a reload. Nobody else can open it.

const PASSWORD = 'conversations-pass-2026';

test('a buyer asks, the seller answers in another browser, the buyer sees it without reloading', async ({
  page,
  browser,
}) => {
  // Three people sign in through the UI, each in a browser of their own.
  test.setTimeout(180_000);
  const seller = await createAccount('seller', {
    name: 'Sara Seller',
    prefix: 'conv-seller',
    password: PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: 'Babu Buyer',
    prefix: 'conv-buyer',
    password: PASSWORD,
  });
  const stranger = await createAccount('buyer', {
    name: 'Other Person',
    prefix: 'conv-other',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Conversation Laptop ${Date.now()}`,
    category: '05',
    price: 555,
    phone: '+880 1711 444555',
    location: 'Dhaka, Mirpur',
    description: 'Listed by the conversations journey.',
  });

  // The buyer asks on the listing's page and lands in the conversation.
  await loginThroughUi(page, buyer.email, PASSWORD);
  await page.goto(`/details/${listing._id}`);
  await page.getByRole('button', { name: `Ask the seller about ${listing.productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask the seller' });
  await dialog
    .getByRole('textbox', { name: /Your question/ })
    .fill('Is the battery original? <b>not bold</b>');
  await dialog.getByRole('button', { name: 'Send question' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/[\w-]+$/);
  const threadUrl = new URL(page.url()).pathname;
  const log = page.getByRole('log', { name: 'Messages of this conversation' });
  await expect(log.getByText('Is the battery original? <b>not bold</b>')).toBeVisible();

  // The seller, in a browser of their own, sees it in Messages with the envelope's count.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await loginThroughUi(sellerPage, seller.email, PASSWORD);
    await expect(sellerPage.getByTestId('messages-link')).toHaveAccessibleName('Messages: 1 unread');
    await sellerPage.goto('/dashboard/messages');
    await sellerPage
      .getByRole('link', { name: `Conversation with Babu Buyer about ${listing.productName}` })
      .click();
    await expect(
      sellerPage.getByRole('log').getByText('Is the battery original?', { exact: false }),
    ).toBeVisible();
    await sellerPage.getByRole('textbox', { name: 'Your message' }).fill('Yes, 91 % health.');
    await sellerPage.getByRole('button', { name: 'Send message' }).click();
    await expect(sellerPage.getByRole('log').getByText('Yes, 91 % health.')).toBeVisible();
    // Reading it cleared the seller's envelope.
    await expect(sellerPage.getByTestId('messages-link')).toHaveAccessibleName('Messages');
  } finally {
    await sellerContext.close();
  }

  // The buyer's page, never reloaded, shows the answer.
  await expect(log.getByText('Yes, 91 % health.')).toBeVisible();
  await expect(log.getByTestId('message')).toHaveCount(2);

  // Someone else cannot open it.
  const strangerContext = await browser.newContext();
  const strangerPage = await strangerContext.newPage();
  try {
    await loginThroughUi(strangerPage, stranger.email, PASSWORD);
    await strangerPage.goto(threadUrl);
    await expect(strangerPage.getByText('Conversation not found')).toBeVisible();
    await expect(strangerPage.getByText('Yes, 91 % health.')).toHaveCount(0);
  } finally {
    await strangerContext.close();
  }
});

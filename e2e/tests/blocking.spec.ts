import { expect, test } from '../support/test';
import { api } from '../support/api';
import { demoAccount } from '../support/env';
import { createAccount, createListing } from '../support/fixtures';
import { loginThroughUi, navigateInApp } from '../support/ui';

// Blocking (docs/product.md#blocking): a buyer and a seller converse; the seller blocks the buyer
// after a confirmation; the buyer's composer is gone, the page says the conversation is closed
// without saying who blocked, and the API refuses the buyer's message; an operator sees the block
// in the buyer's record; the seller finds the buyer in Blocked people and unblocks, which reopens it.

const PASSWORD = 'blocking-pass-2026';

test('a block stops a conversation', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const suffix = Math.floor(Math.random() * 1e5);
  const seller = await createAccount('seller', {
    name: `Shila Block ${suffix}`,
    prefix: 'block-seller',
    password: PASSWORD,
  });
  const buyer = await createAccount('buyer', {
    name: `Bablu Block ${suffix}`,
    prefix: 'block-buyer',
    password: PASSWORD,
  });
  const listing = await createListing(seller, {
    productName: `Block Journey Laptop ${Date.now()}`,
    category: '05',
    price: 50_000,
  });
  const started = await api<{ _id: string }>('/conversations', {
    method: 'POST',
    token: buyer.token,
    body: { productId: listing._id, text: 'Is the charger included?' },
  });
  expect(started.status).toBe(201);
  const threadPath = `/dashboard/messages/${started.body._id}`;

  // The buyer has the conversation open and can write.
  await loginThroughUi(page, buyer.email, PASSWORD);
  await navigateInApp(page, threadPath);
  const log = page.getByRole('log', { name: 'Messages of this conversation' });
  await expect(log.getByText('Is the charger included?')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Your message/ })).toBeVisible();

  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await loginThroughUi(sellerPage, seller.email, PASSWORD);
    await navigateInApp(sellerPage, threadPath);
    await sellerPage.getByRole('button', { name: `Block ${buyer.name}` }).click();
    const confirm = sellerPage.getByRole('dialog', { name: `Block ${buyer.name}?` });
    await expect(confirm.getByText(/This closes the conversation/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(
      sellerPage.getByRole('status').filter({ hasText: 'This conversation is closed' }),
    ).toBeVisible();
    await expect(sellerPage.getByText(`You blocked ${buyer.name}.`)).toBeVisible();
    await expect(sellerPage.getByRole('textbox', { name: /Your message/ })).toHaveCount(0);
    await sellerPage.screenshot({ path: testInfo.outputPath('blocker.png'), fullPage: true });

    // The buyer's page follows live: closed, with no composer and nothing naming the blocker.
    const closed = page.getByRole('status').filter({ hasText: 'This conversation is closed' });
    await expect(closed).toBeVisible();
    await expect(closed).toContainText(
      'A block stops messages, offers and bookings between you and this person.',
    );
    await expect(page.getByRole('textbox', { name: /Your message/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Unblock/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('blocked.png'), fullPage: true });
    const refused = await api<{ error: string }>(`/conversations/${started.body._id}/messages`, {
      method: 'POST',
      token: buyer.token,
      body: { text: 'Hello?' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('blocked');

    // An operator sees the block in the buyer's record: received, from the seller.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    try {
      const admin = demoAccount('admin');
      await loginThroughUi(adminPage, admin.email, admin.password);
      // A full load: the operator's list opens with the search in its address.
      await adminPage.goto(`/dashboard/users/all-buyer?q=${encodeURIComponent(buyer.name)}`);
      await adminPage.getByRole('button', { name: `Blocks of ${buyer.name}` }).click();
      const record = adminPage.getByRole('dialog', { name: `Blocks of ${buyer.name}` });
      await expect(record.getByRole('heading', { name: `Who blocked ${buyer.name}` })).toBeVisible();
      await expect(record.getByText(new RegExp(`${seller.name} \\(`))).toBeVisible();
      await adminPage.screenshot({ path: testInfo.outputPath('operator.png'), fullPage: true });
    } finally {
      await adminContext.close();
    }

    // The seller finds the buyer in Blocked people, reached from Messages.
    await navigateInApp(sellerPage, '/dashboard/messages');
    await sellerPage.getByRole('link', { name: 'Blocked people' }).click();
    await expect(sellerPage.getByRole('heading', { name: 'Blocked people', level: 1 })).toBeVisible();
    await expect(sellerPage.getByRole('button', { name: `Unblock ${buyer.name}` })).toBeVisible();
    await sellerPage.getByRole('link', { name: `Open the conversation with ${buyer.name}` }).click();

    // The seller unblocks; the buyer can write again.
    await sellerPage.getByRole('button', { name: `Unblock ${buyer.name}` }).click();
    await expect(sellerPage.getByRole('textbox', { name: /Your message/ })).toBeVisible();
  } finally {
    await sellerContext.close();
  }
  await expect(page.getByRole('textbox', { name: /Your message/ })).toBeVisible();
});

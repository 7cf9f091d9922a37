import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { demoAccount } from '../support/env';
import {
  balanceOf,
  buyNowAndPay,
  csvTaka,
  MONEY_PASSWORD,
  newDeal,
  orderOf,
  paidOrderCard,
  parseCsv,
  signedInPage,
  snap,
  taka,
} from '../support/money';
import { loginThroughUi, navigateInApp } from '../support/ui';

// The happy path of the money (docs/product.md#money): the buyer pays online, SecondByte holds
// it, the seller hands the laptop over, the buyer confirms receipt and the money is released to
// the seller, who asks for it on bKash; an operator sends it in the bank's bulk transfer (the CSV)
// and marks it paid with the transfer's reference, which the seller then sees.

test('paid → held → handed over → confirmed → released → payout requested → sent and marked paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Above the 500-taka payout minimum, and a figure of its own in the operators' shared CSV.
  const price = 61_000 + Math.floor(Math.random() * 900);
  const paisa = price * 100;
  const { seller, buyer, listing } = await newDeal('release', price);

  // The buyer pays on the gateway's page; the receipt says the money is held.
  await loginThroughUi(page, buyer.email, MONEY_PASSWORD);
  const transactionId = await buyNowAndPay(page, listing);
  await expect(page.getByTestId('receipt-price')).toHaveText(taka(paisa));
  await snap(page, 'receipt-money-held');
  expect(await orderOf(transactionId, buyer)).toMatchObject({ funds: 'held', amountPaisa: paisa });

  await navigateInApp(page, '/dashboard/my-orders');
  const buyerCard = paidOrderCard(page, listing.productName);
  await expect(buyerCard.getByText('held', { exact: true })).toBeVisible();
  await expect(buyerCard).toContainText(/to hand it over, or you are refunded automatically/);
  // Nothing to confirm before the handover.
  await expect(buyerCard.getByRole('button', { name: /^Confirm receipt/ })).toHaveCount(0);

  const sellerBrowser = await signedInPage(browser, { email: seller.email, password: MONEY_PASSWORD });
  const sellerPage = sellerBrowser.page;
  const admin = demoAccount('admin');
  const adminBrowser = await signedInPage(browser, admin);
  const adminPage = adminBrowser.page;
  try {
    // The seller marks it handed over in My Buyers.
    await navigateInApp(sellerPage, '/dashboard/my-buyers');
    const sale = paidOrderCard(sellerPage, listing.productName);
    await expect(sale.getByText('held', { exact: true })).toBeVisible();
    await expect(sale).toContainText(`Bought by ${buyer.name}`);
    await sale.getByRole('button', { name: `Mark handed over: ${listing.productName}` }).click();
    const handOver = sellerPage.getByRole('dialog', { name: 'Mark as handed over?' });
    await expect(handOver).toContainText(buyer.name);
    await handOver.getByRole('button', { name: 'Mark handed over' }).click();
    await expect(sellerPage.getByText('Marked as handed over; the buyer has been told')).toBeVisible();
    await expect(sale.getByText('handed over', { exact: true })).toBeVisible();
    await snap(sellerPage, 'seller-my-buyers-handed-over');

    // The buyer confirms receipt in My Orders (loaded afresh: the handover was in another browser).
    await page.goto('/dashboard/my-orders');
    await expect(buyerCard.getByText('handed over', { exact: true })).toBeVisible();
    await buyerCard.getByRole('button', { name: `Confirm receipt: ${listing.productName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm receipt?' });
    await expect(confirm).toContainText(`Release ${taka(paisa)} to the seller?`);
    await confirm.getByRole('button', { name: 'Confirm receipt' }).click();
    await expect(page.getByText('Thank you: the money is released to the seller')).toBeVisible();
    await expect(buyerCard.getByText('released', { exact: true })).toBeVisible();
    await expect(buyerCard.getByRole('button', { name: /^(Confirm receipt|Report a problem)/ })).toHaveCount(
      0,
    );
    await snap(page, 'buyer-my-orders-released');
    expect(await orderOf(transactionId, seller)).toMatchObject({
      funds: 'released',
      releasedPaisa: paisa,
      feePaisa: 0,
    });

    // The seller's Earnings page: the money is available; they add bKash and ask for a payout.
    await sellerPage.goto('/dashboard/payouts');
    const figures = sellerPage.getByRole('group', { name: 'Your balance' });
    await expect(figures.locator('[data-figure="available"]')).toContainText(taka(paisa));
    await expect(figures.locator('[data-figure="held"]')).toContainText('৳0');
    const requestButton = sellerPage.getByRole('button', { name: `Request payout of ${taka(paisa)}` });
    await expect(requestButton).toBeDisabled();
    await expect(sellerPage.getByText('Add a payout method to request a payout.')).toBeVisible();
    await sellerPage.getByRole('button', { name: 'Add payout method' }).click();
    const methodDialog = sellerPage.getByRole('dialog', { name: 'Payout method' });
    await methodDialog.getByRole('radio', { name: 'bKash' }).check();
    await methodDialog.getByLabel(/^bKash number/).fill('01712345678');
    await methodDialog.getByRole('button', { name: 'Save payout method' }).click();
    await expect(sellerPage.getByText('Payout method saved')).toBeVisible();
    await expect(methodDialog).toBeHidden();
    // Only the last digits are ever shown back.
    await expect(sellerPage.getByTestId('payout-method')).toHaveText('bKash ••••••••678');
    await expect(requestButton).toBeEnabled();
    await requestButton.click();
    const requestDialog = sellerPage.getByRole('dialog', { name: 'Request this payout?' });
    await expect(requestDialog).toContainText(`${taka(paisa)} will be sent to bKash ••••••••678.`);
    await requestDialog.getByRole('button', { name: 'Request payout' }).click();
    await expect(sellerPage.getByText(`Payout of ${taka(paisa)} requested`)).toBeVisible();
    await expect(figures.locator('[data-figure="pending"]')).toContainText(taka(paisa));
    await expect(figures.locator('[data-figure="available"]')).toContainText('৳0');
    const myPayouts = sellerPage.getByRole('table', { name: 'Your payouts' });
    await expect(myPayouts.getByRole('row').filter({ hasText: taka(paisa) })).toContainText('Requested');
    await snap(sellerPage, 'seller-payout-requested');

    // The operator downloads the requested payouts for the bank's bulk transfer: the seller's row
    // carries the whole wallet number (masked everywhere else) and the amount.
    await adminPage.goto('/dashboard/payout-requests');
    const requested = adminPage.getByRole('table', { name: 'Requested payouts' });
    const row = requested.getByRole('row').filter({ hasText: seller.name });
    await expect(row).toContainText(taka(paisa));
    await expect(row).toContainText('bKash ••••••••678');
    const download = adminPage.waitForEvent('download');
    await adminPage.getByRole('button', { name: 'Download CSV for bulk transfer' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^secondbyte-payouts-requested-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([
      'Payout ID',
      'Seller name',
      'Seller e-mail',
      'Amount (Tk)',
      'Method',
      'Wallet number',
      'Account name',
      'Account number',
      'Bank',
      'Branch',
      'Routing number',
      'Requested at (Asia/Dhaka)',
    ]);
    const sellerRows = rows.filter((r) => r[2] === seller.email);
    expect(sellerRows).toHaveLength(1);
    expect(sellerRows[0]!.slice(1, 6)).toEqual([
      seller.name,
      seller.email,
      csvTaka(paisa),
      'bKash',
      '01712345678',
    ]);
    expect(sellerRows[0]![11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await snap(adminPage, 'admin-payout-requests');

    // The operator marks it paid with the transfer's reference.
    const reference = `BKASH-TRX-${Date.now()}`;
    await row.getByRole('button', { name: `Mark paid: ${taka(paisa)} to ${seller.name}` }).click();
    const paidDialog = adminPage.getByRole('dialog', { name: 'Mark payout paid' });
    await expect(paidDialog).toContainText(`${taka(paisa)} to ${seller.name}, bKash ••••••••678.`);
    await paidDialog.getByLabel(/^Transfer reference/).fill(reference);
    await paidDialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(adminPage.getByText(`Payout to ${seller.name} marked paid`)).toBeVisible();
    await expect(requested.getByRole('row').filter({ hasText: seller.name })).toHaveCount(0);
    await adminPage.getByRole('tab', { name: 'Paid' }).click();
    await expect(
      adminPage
        .getByRole('table', { name: 'Paid payouts' })
        .getByRole('row')
        .filter({ hasText: seller.name }),
    ).toContainText(reference);

    // The seller sees it paid, with the reference, and the money as paid out.
    await sellerPage.goto('/dashboard/payouts');
    const paidRow = sellerPage
      .getByRole('table', { name: 'Your payouts' })
      .getByRole('row')
      .filter({ hasText: reference });
    await expect(paidRow).toContainText('Paid');
    await expect(paidRow).toContainText(taka(paisa));
    await expect(figures.locator('[data-figure="paidOut"]')).toContainText(taka(paisa));
    await expect(figures.locator('[data-figure="pending"]')).toContainText('৳0');
    await snap(sellerPage, 'seller-payout-paid');
    expect(await balanceOf(seller)).toMatchObject({
      heldPaisa: 0,
      availablePaisa: 0,
      payoutPendingPaisa: 0,
      paidOutPaisa: paisa,
    });
  } finally {
    await sellerBrowser.close();
    await adminBrowser.close();
  }
});

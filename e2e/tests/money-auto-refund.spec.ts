import { expect, test } from '../support/test';
import { api } from '../support/api';
import {
  advanceClock,
  balanceOf,
  buyNowAndPay,
  MONEY_PASSWORD,
  newDeal,
  orderOf,
  paidOrderCard,
  snap,
  taka,
} from '../support/money';
import { loginThroughUi, navigateInApp } from '../support/ui';

// A seller who never hands over does not keep the buyer's money (docs/product.md#money): 7 days
// after the payment the clock refunds it through the gateway and the laptop is for sale again.
// The journey moves the API's clock (POST /test/clock), which settles every open order of the
// shared database, so it is tagged @moves-clock and runs after the other journeys
// (playwright.config.ts, project "clock").

const DAY_MS = 24 * 60 * 60 * 1000;

test(
  'an order never handed over is refunded 7 days after the payment and the laptop is for sale again',
  { tag: '@moves-clock' },
  async ({ page }) => {
    test.setTimeout(180_000);
    const price = 48_000 + Math.floor(Math.random() * 900);
    const paisa = price * 100;
    const { seller, buyer, listing } = await newDeal('autorefund', price);

    await loginThroughUi(page, buyer.email, MONEY_PASSWORD);
    const transactionId = await buyNowAndPay(page, listing);
    await expect(page.getByTestId('receipt-price')).toHaveText(taka(paisa));
    await snap(page, 'receipt');
    expect((await api<{ status: string }>(`/details/${listing._id}`)).body.status).toBe('sold');

    await navigateInApp(page, '/dashboard/my-orders');
    const card = paidOrderCard(page, listing.productName);
    await expect(card.getByText('held', { exact: true })).toBeVisible();
    await expect(card).toContainText(
      /The seller has until .+ to hand it over, or you are refunded automatically/,
    );

    // Just under 7 days nothing happens yet; just over, the sweep refunds the order.
    await advanceClock(7 * DAY_MS - 60_000);
    expect(await orderOf(transactionId, buyer)).toMatchObject({ funds: 'held' });
    await advanceClock(2 * 60_000);
    const refunded = await orderOf(transactionId, buyer);
    expect(refunded).toMatchObject({ funds: 'refunded', actions: [] });
    expect(refunded.refunds).toEqual([expect.objectContaining({ amountPaisa: paisa })]);

    // The gateway accepts the refund as pending and the sweep asks after it again some seconds
    // later (REFUND_POLL_MS in the API's clock): each small step of the clock runs a sweep past
    // that wait, rather than waiting for the sweep's minute-long timer.
    await expect
      .poll(
        async () => {
          const { refunds } = await orderOf(transactionId, buyer);
          if (refunds.some((r) => r.status !== 'done')) await advanceClock(10_000);
          return (await orderOf(transactionId, buyer)).refunds.map((r) => r.status);
        },
        { timeout: 30_000 },
      )
      .toEqual(['done']);

    // My Orders, loaded afresh, says so.
    await page.goto('/dashboard/my-orders');
    await expect(card.getByText('refunded', { exact: true })).toBeVisible();
    await expect(card).toContainText(/Refunded on /);
    await expect(card.getByRole('button')).toHaveCount(0);
    await snap(page, 'my-orders-refunded');

    // The seller is owed nothing, and the laptop is offered again.
    expect(await balanceOf(seller)).toMatchObject({ heldPaisa: 0, availablePaisa: 0 });
    expect((await api<{ status: string }>(`/details/${listing._id}`)).body.status).toBe('available');
    await page.goto(`/details/${listing._id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing.productName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Book Now', exact: true })).toBeEnabled();
    await snap(page, 'details-for-sale-again');
  },
);

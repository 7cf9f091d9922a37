import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, useCheckoutIntents } from 'runtime-kernel';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import DetailsPage from './DetailsPage';

const product = makeProduct({
  _id: 'p9',
  productName: 'ThinkPad T14',
  price: 519,
  description: 'Ryzen 5, 16 GB, 512 GB SSD.',
  quality: 'Good',
  location: 'Dhaka, Banani',
  year: 2022,
  phone: '+880 1711 000000',
  email: 'seller@secondbyte.test',
  // Three days and an hour before the test runs: "3 days ago" in whole elapsed days.
  createdAt: new Date(Date.now() - 3 * 86_400_000 - 3_600_000).toISOString(),
});

function renderDetails(details: { status: number; body?: unknown }, report = { status: 201, body: {} }) {
  const { calls } = answer({
    'GET /details/:id': reply(details.status, details.body),
    'POST /reports': reply(report.status, report.body),
    // The signed-in buyer's offer on the listing (OfferPanel): none yet.
    'GET /offers/mine': { offer: null, minimum: 1 },
  });
  renderWithProviders(<DetailsPage />, { path: '/details/:id', url: '/details/p9' });
  return calls;
}

beforeEach(() => {
  setSession(buyer);
  useCheckoutIntents.getState().clear();
});

describe('DetailsPage', () => {
  it('is written in Bangla when the page is: labels, condition, buttons, taka in Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderDetails({ status: 200, body: product });
      expect(await screen.findByRole('heading', { level: 1, name: 'ThinkPad T14' })).toBeInTheDocument();
      expect(screen.getByTestId('details-price')).toHaveTextContent('৳৫১৯');
      expect(screen.getByText('কেনার বছর')).toBeInTheDocument();
      expect(screen.getByText('২০২২')).toBeInTheDocument();
      expect(screen.getByText('৩ দিন আগে')).toHaveAttribute('dateTime', product.createdAt);
      expect(screen.getByRole('heading', { name: 'অবস্থা: ভালো' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'এখনই বুক করুন' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'এখনই কিনুন' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'বিজ্ঞাপনটি রিপোর্ট করুন' })).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('shows every field of the listing, with the quantity starting at 1', async () => {
    renderDetails({ status: 200, body: product });
    expect(await screen.findByRole('heading', { level: 1, name: 'ThinkPad T14' })).toBeInTheDocument();
    expect(screen.getByTestId('details-price')).toHaveTextContent('৳519');
    expect(screen.getByText('Ryzen 5, 16 GB, 512 GB SSD.')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(screen.getByText('Dhaka, Banani')).toBeInTheDocument();
    expect(screen.getByText('2022')).toBeInTheDocument();
    expect(screen.getByText('3 days ago').tagName).toBe('TIME');
    expect(screen.getByRole('link', { name: '+880 1711 000000' })).toHaveAttribute(
      'href',
      'tel:+8801711000000',
    );
    expect(screen.getByRole('link', { name: 'seller@secondbyte.test' })).toHaveAttribute(
      'href',
      'mailto:seller@secondbyte.test',
    );
    expect(screen.getByTestId('quantity-value')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeInTheDocument();
    const photo = screen.getByRole('img', { name: 'ThinkPad T14' });
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the specs and what the condition grade promises', async () => {
    renderDetails({ status: 200, body: product });
    const specs = await screen.findByRole('table', { name: 'Specifications' });
    expect(within(specs).getByRole('row', { name: /Memory/ })).toHaveTextContent('16 GB');
    const condition = screen.getByRole('region', { name: 'Condition: Good' });
    expect(condition).toHaveTextContent('Light signs of use');
    expect(condition).toHaveTextContent('the battery may hold noticeably less');
  });

  it('says so when an old listing has no specs', async () => {
    renderDetails({ status: 200, body: { ...product, specs: null } });
    expect(await screen.findByText('The seller gave no specs')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Book Now and Buy Now hand the product to checkout', async () => {
    renderDetails({ status: 200, body: product });
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(useCheckoutIntents.getState().intent).toMatchObject({ kind: 'book', product: { _id: 'p9' } });
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(useCheckoutIntents.getState().intent).toMatchObject({
      kind: 'pay',
      product: { _id: 'p9', price: 519 },
    });
  });

  it('does not let sellers book their own listing or report it', async () => {
    setSession({ ...buyer, email: 'seller@secondbyte.test' });
    renderDetails({ status: 200, body: product });
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Report this item' })).not.toBeInTheDocument();
  });

  it('knows the seller’s own listing by profile id when the listing hides their e-mail', async () => {
    setSession({ ...buyer, email: 'seller@secondbyte.test' });
    useAuthStore.setState({ profileId: 's1' });
    renderDetails({ status: 200, body: { ...product, email: null, phone: null, showContact: false } });
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('offers booking to a signed-in visitor whose profile is not the seller’s, whatever the e-mail says', async () => {
    setSession({ ...buyer, email: 'seller@secondbyte.test' });
    useAuthStore.setState({ profileId: 'someone-else' });
    renderDetails({ status: 200, body: product });
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it('shows a not-found state for an unknown id', async () => {
    renderDetails({ status: 404, body: { error: 'product_not_found', message: 'No product' } });
    expect(await screen.findByText('This laptop is not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('reports the listing with a required reason', async () => {
    const calls = renderDetails({ status: 200, body: product });
    await userEvent.click(await screen.findByRole('button', { name: 'Report this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this item' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/reports'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Photo of another model  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Report sent. Thank you, an admin will review this listing.'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.url.endsWith('/reports'))!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({
      productId: 'p9',
      reason: 'Photo of another model',
    });
    expect(post.headers.get('Authorization')).toBe('Bearer test-id-token');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the API's reason when a report is refused", async () => {
    renderDetails(
      { status: 200, body: product },
      { status: 409, body: { error: 'already_reported', message: 'You have already reported this product' } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Report this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this item' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Scam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You have already reported this product')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { buyer, renderWithProviders, setSession, TEST_API } from '@/test/render';
import { answer, apiRequests, inTurn, NETWORK_ERROR, reply } from 'web-testing/fake-api';
import { BookingModal } from './BookingModal';

const product = { _id: 'prod-1', productName: 'ThinkPad X1 Carbon', price: 540 };

function renderModal() {
  const onClosed = vi.fn();
  renderWithProviders(<BookingModal product={product} user={buyer} onClosed={onClosed} />);
  return { onClosed, dialog: screen.getByRole('dialog') };
}

async function fillAndSubmit(phone = '+880 1711-000000', place = 'Dhanmondi 27') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Phone/), phone);
  await user.type(screen.getByLabelText(/^Meeting location/), place);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

describe('BookingModal', () => {
  beforeEach(() => setSession(buyer));

  it('shows who and what is booked, read-only', () => {
    renderModal();
    expect(screen.getByLabelText('Name')).toHaveValue('Bea Buyer');
    expect(screen.getByLabelText('E-mail')).toHaveValue('buyer@secondbyte.test');
    expect(screen.getByLabelText('Product')).toHaveValue('ThinkPad X1 Carbon');
    expect(screen.getByLabelText('Price')).toHaveValue('৳540');
    for (const name of ['Name', 'E-mail', 'Product', 'Price']) {
      expect(screen.getByLabelText(name)).toHaveAttribute('readonly');
    }
  });

  it('speaks Bangla when the page does: labels, taka in Bangla digits, and its validation messages', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      const calls = apiRequests;
      renderModal();
      expect(screen.getByRole('dialog', { name: 'ল্যাপটপটি বুক করুন' })).toBeInTheDocument();
      expect(screen.getByLabelText('দাম')).toHaveValue('৳৫৪০');
      await userEvent.click(screen.getByRole('button', { name: 'জমা দিন' }));
      expect(await screen.findByText('বিক্রেতা ফোন করতে পারেন এমন একটি নম্বর দিন')).toBeInTheDocument();
      expect(calls).toHaveLength(0);
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('requires a valid phone and a meeting location before sending anything', async () => {
    const calls = apiRequests;
    renderModal();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Enter a phone number the seller can call')).toBeInTheDocument();
    expect(screen.getByText('Enter where you would like to meet')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Phone/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    expect(screen.getByText(/Use 5 to 25 digits/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses a meeting place the API's clean-text rule refuses, naming the character, and sends nothing", async () => {
    const calls = apiRequests;
    renderModal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Phone/), '+880 1711-000000');
    await user.click(screen.getByLabelText(/^Meeting location/));
    await user.paste('Dhanmondi\u0007 27');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      screen.getByText(
        'The place contains an invisible control character (U+0007) at position 10; remove it and try again',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Meeting location/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('names the refused character in Bangla on a Bangla page', async () => {
    useAuthStore.getState().setLanguage('bn');
    onTestFinished(() => useAuthStore.getState().setLanguage('en'));
    renderModal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^ফোন/), '+880 1711-000000');
    await user.click(screen.getByLabelText(/^দেখা করার জায়গা/));
    await user.paste('Dhanmondi\u0007 27');
    await user.click(screen.getByRole('button', { name: 'জমা দিন' }));
    expect(
      screen.getByText('জায়গার নামের ১০ নম্বর অক্ষরটি একটি অদৃশ্য কন্ট্রোল অক্ষর (U+0007); সেটি মুছে আবার চেষ্টা করুন'),
    ).toBeInTheDocument();
  });

  it('books with the bearer token, toasts and closes on 201', async () => {
    const { calls } = answer({ 'POST /bookings': reply(201, { acknowledged: true, insertedId: 'b1' }) });
    const { onClosed } = renderModal();
    await fillAndSubmit();

    expect(await screen.findByText('Booked successfully')).toBeInTheDocument();
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    const [{ url, method, headers, body }] = calls as [(typeof calls)[number]];
    expect(url).toBe(`${TEST_API}/bookings`);
    expect(method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer test-id-token');
    expect(body).toMatchObject({
      productId: 'prod-1',
      phone: '+880 1711-000000',
      place: 'Dhanmondi 27',
      name: 'Bea Buyer',
      email: 'buyer@secondbyte.test',
      productName: 'ThinkPad X1 Carbon',
      price: 540,
    });
  });

  it('keeps the modal open and explains a 409 already-booked refusal', async () => {
    answer({
      'POST /bookings': reply(409, {
        error: 'already_booked',
        message: 'You have already booked this product',
      }),
    });
    const { onClosed, dialog } = renderModal();
    await fillAndSubmit();

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You have already booked this laptop');
    expect(within(alert).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    expect(screen.queryByText('Booked successfully')).not.toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('explains a sold product and a network failure inside the modal', async () => {
    answer({
      'POST /bookings': inTurn(
        reply(409, { error: 'product_sold', message: 'This product has already been sold' }),
        NETWORK_ERROR,
      ),
    });
    const { dialog } = renderModal();
    const user = await fillAndSubmit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('this laptop has just been sold');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(/Could not reach SecondByte/)).toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const { dialog } = renderModal();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveFocus());
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape without booking', async () => {
    const calls = apiRequests;
    const { onClosed } = renderModal();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(calls).toHaveLength(0);
  });
});

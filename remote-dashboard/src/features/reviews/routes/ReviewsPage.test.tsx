import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { PendingReview, Review } from 'shared-contracts/reviews';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import ReviewsPage from './ReviewsPage';

const deal: PendingReview = {
  productId: 'p1',
  productName: 'ThinkPad T480',
  image: 'http://api.test/api/v1/images/x.webp',
  sellerId: 's1',
  sellerName: 'Sam Seller',
  finishedAt: '2026-03-01T10:00:00.000Z',
};

const review = (over: Partial<Review> = {}): Review => ({
  _id: 'r1',
  rating: 4,
  text: 'Honest seller.',
  answer: null,
  answeredAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  productId: 'p1',
  productName: 'ThinkPad T480',
  sellerId: 's1',
  sellerName: 'Sam Seller',
  buyerName: 'Karim',
  ...over,
});

afterEach(() => useAuthStore.getState().setLanguage('en'));

describe('Reviews (buyer)', () => {
  it('reviews a finished deal with stars and a text; the deal moves to the given reviews', async () => {
    signIn('buyer');
    let reviewed = false;
    const api = answer({
      'GET /reviews/pending': () => (reviewed ? [] : [deal]),
      'GET /reviews/given': () => (reviewed ? [review()] : []),
      'POST /reviews': () => {
        reviewed = true;
        return reply(201, { acknowledged: true, insertedId: 'r1' });
      },
    });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    const card = await screen.findByTestId('pending-review');
    expect(within(card).getByRole('link', { name: 'Sam Seller' })).toHaveAttribute('href', '/sellers/s1');
    expect(screen.getByTestId('given-empty')).toBeInTheDocument();

    // Stars are required.
    await userEvent.click(within(card).getByRole('button', { name: 'Post review' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars');
    expect(api.count('POST', '/reviews')).toBe(0);

    const stars = within(card).getByRole('radiogroup', { name: 'How was your deal with Sam Seller?' });
    // The keyboard picks a star with Space on its radio (a pointer clicks the drawn star).
    within(stars).getByRole('radio', { name: '4 of 5 stars' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.type(within(card).getByLabelText('Your review (optional)'), '  Honest seller.  ');
    await userEvent.click(within(card).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Thank you: your review is on the seller page')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      productId: 'p1',
      rating: 4,
      text: 'Honest seller.',
    });
    expect(await screen.findByTestId('pending-empty')).toBeInTheDocument();
    const given = await screen.findByTestId('review-card');
    expect(within(given).getByRole('img', { name: 'Rated 4 of 5' })).toBeInTheDocument();
  });

  it("shows the API's refusal when the deal was already reviewed", async () => {
    signIn('buyer');
    answer({
      'GET /reviews/pending': [deal],
      'GET /reviews/given': [],
      'POST /reviews': reply(409, {
        error: 'already_reviewed',
        message: 'You have already reviewed this deal',
      }),
    });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    const card = await screen.findByTestId('pending-review');
    within(card).getByRole('radio', { name: '5 of 5 stars' }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(card).getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('You have already reviewed this deal')).toBeInTheDocument();
  });

  it('offers Retry when the deals cannot be loaded', async () => {
    signIn('buyer');
    let fail = true;
    const api = answer({
      'GET /reviews/pending': () => (fail ? reply(500, { error: 'internal_error', message: 'x' }) : []),
      'GET /reviews/given': [],
    });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your deals to review could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('pending-empty')).toBeInTheDocument();
    expect(api.count('GET', '/reviews/pending')).toBe(2);
  });
});

describe('Reviews (seller)', () => {
  it('answers a review once; an answered one shows its answer and no form', async () => {
    signIn('seller');
    let answered = false;
    const api = answer({
      'GET /reviews/received': () => [
        review(answered ? { answer: 'Thank you!', answeredAt: '2026-03-03T00:00:00.000Z' } : {}),
        review({
          _id: 'r2',
          buyerName: 'Rina',
          answer: 'Glad it works',
          answeredAt: '2026-03-03T00:00:00.000Z',
        }),
      ],
      'POST /reviews/r1/answer': () => {
        answered = true;
        return { acknowledged: true };
      },
    });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    const [first, second] = await screen.findAllByTestId('review-card');
    expect(first).toHaveTextContent('Karim about ThinkPad T480');
    expect(within(second!).queryByRole('textbox')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Glad it works');

    await userEvent.click(within(first!).getByRole('button', { name: 'Post answer' }));
    expect(await within(first!).findByText('Write an answer first')).toBeInTheDocument();
    // The API's schema trims the answer: spaces alone are no answer, and nothing is sent.
    const answerBox = within(first!).getByRole('textbox', { name: 'Answer Karim' });
    await userEvent.type(answerBox, '   ');
    await userEvent.click(within(first!).getByRole('button', { name: 'Post answer' }));
    expect(await within(first!).findByText('Write an answer first')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(answerBox);
    await userEvent.type(answerBox, 'Thank you!');
    await userEvent.click(within(first!).getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText('Your answer is posted')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Thank you!' });
    expect(await within(first!).findByText('Answer from the seller')).toBeInTheDocument();
    expect(within(first!).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('is written in Bangla when the page is', async () => {
    signIn('seller');
    useAuthStore.getState().setLanguage('bn');
    answer({ 'GET /reviews/received': [review()] });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    expect(await screen.findByRole('heading', { level: 1, name: 'রিভিউ' })).toBeInTheDocument();
    const card = await screen.findByTestId('review-card');
    expect(within(card).getByRole('img', { name: '৫-এর মধ্যে ৪ রেটিং' })).toBeInTheDocument();
    expect(card).toHaveTextContent('ThinkPad T480 নিয়ে Karim');
    expect(within(card).getByRole('button', { name: 'উত্তর দিন' })).toBeInTheDocument();
  });

  it('says so when nobody has reviewed the seller', async () => {
    signIn('seller');
    answer({ 'GET /reviews/received': [] });
    renderPage(<ReviewsPage />, { route: '/dashboard/reviews' });
    expect(await screen.findByTestId('received-empty')).toHaveTextContent('No buyer has reviewed you yet.');
  });
});

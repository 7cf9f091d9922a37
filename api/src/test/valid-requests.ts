import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../app';
import { unsubscribeTokens } from '../modules/saved-searches/saved-searches.service';
import {
  addProduct,
  addProductAwaitingReview,
  bearer,
  demoActor,
  multipart,
  registerActor,
  ownImageUrl,
  payByCallback,
  payOnline,
  startPayment,
  validProduct,
  type Actor,
} from './harness';
import { creditSeller, requestPayout, setWallet } from './money';
import {
  objectSchemaOf,
  type ApiOperation,
  type JsonSchema,
  type RequestParts,
  type RoleName,
} from './openapi';

/** The resources hostile requests aim at: real ids, so requests reach past the lookups. */
export interface Fixtures {
  actors: Record<Exclude<RoleName, 'anonymous'>, Actor>;
  productId: string;
  transactionId: number;
  /** The `sig` of that payment's sandbox page link (the page opens only through it). */
  sandboxPageSig: string;
  reportId: string;
  /** The buyer's conversation with the seller about productId. */
  conversationId: string;
  /** Ids only the destructive operations aim at, so the others keep their targets. */
  victimProductId: string;
  victimReportId: string;
  victimBuyerId: string;
  victimSellerId: string;
  /** The buyer's bookings of the seller's laptops, one per move: requested ones and an accepted one. */
  bookings: { accept: string; decline: string; cancel: string; complete: string };
  /** A listing the buyer paid for and has not reviewed (POST /reviews), and a review to answer. */
  reviewableProductId: string;
  reviewId: string;
  /**
   * Requested payouts of two sellers of their own, one for each operator move. The seller has a
   * payout method and the minimum available, so POST /payouts succeeds for them once.
   */
  payouts: { paid: string; failed: string };
  /** The buyer's paid orders of the seller's laptops, one per move (confirm and dispute: handed over). */
  orders: { handOver: number; confirm: number; cancel: number; dispute: number };
  /** An open dispute of the buyer's, for the operators' routes. */
  disputeId: string;
  /** A listing of the seller's with no offer yet, and a pending offer of the buyer's per move. */
  offers: { productId: string; accept: string; decline: string; counter: string };
  /** Listings held for review, one per operator move (docs/product.md#moderation). */
  moderation: { approve: string; refuse: string };
  /** A saved search of the buyer's, and the buyer's digest unsubscribe token. */
  savedSearches: { id: string; unsubscribeToken: string };
  /**
   * Conversations of other buyers with the seller, one per move: one to block, one the seller has
   * blocked (to unblock from it), and a blocked buyer to unblock from Blocked people.
   */
  blocks: { toBlock: string; blockedConversation: string; blockedBuyerId: string };
  /**
   * Device verification: a listing of the seller's with no serial, one awaiting its photo, and
   * two submissions waiting for an operator (one per decision).
   */
  verifications: { productId: string; photoProductId: string; approve: string; refuse: string };
  /** A word on the operators' moderation word list, to remove. */
  moderationWordId: string;
}

/** A Lenovo serial (8 letters or digits) no other fixture or test uses. */
const fixtureSerial = () => `FX${randomUUID().replaceAll('-', '').slice(0, 6).toUpperCase()}`;

async function verificationFixtures(app: App, seller: Actor): Promise<Fixtures['verifications']> {
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
  const submitted = async () => {
    const productId = await addProduct(app, seller, { category: '03' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/verification`,
      headers: bearer(seller),
      payload: { serial: fixtureSerial() },
    });
    if (res.statusCode !== 201) throw new Error(`verification: ${res.statusCode} ${res.body}`);
    return productId;
  };
  const pending = async () => {
    const productId = await submitted();
    const form = multipart(
      {},
      { field: 'photo', filename: 'screen.png', contentType: 'image/png', data: photo },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/verification/photo`,
      headers: { ...bearer(seller), ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 200) throw new Error(`verification photo: ${res.statusCode} ${res.body}`);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/verification`,
      headers: bearer(seller),
    });
    return (mine.json() as { verification: { _id: string } }).verification._id;
  };
  return {
    productId: await addProduct(app, seller, { category: '03' }),
    photoProductId: await submitted(),
    approve: await pending(),
    refuse: await pending(),
  };
}

const DISPUTE = { reason: 'damaged', text: 'The screen arrived cracked in one corner.', photos: [] };

export async function prepareFixtures(app: App): Promise<Fixtures> {
  const [buyer, seller, otherSeller, admin, victimBuyer, victimSeller] = await Promise.all([
    registerActor(app, 'buyer'),
    registerActor(app, 'seller'),
    registerActor(app, 'seller', 'Other seller'),
    demoActor(app, 'admin'),
    registerActor(app, 'buyer', 'Victim buyer'),
    registerActor(app, 'seller', 'Victim seller'),
  ]);
  const productId = await addProduct(app, seller);
  const victimProductId = await addProduct(app, seller);
  const started = await startPayment(app, buyer, await addProduct(app, seller));
  const { transactionId } = started;
  const sandboxPageSig = new URL(started.url).searchParams.get('sig') ?? '';
  const report = async (id: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(buyer),
      payload: { productId: id, reason: 'Looks stolen' },
    });
    if (res.statusCode !== 201) throw new Error(`report: ${res.statusCode} ${res.body}`);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const booking = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: bearer(buyer),
      payload: { productId: await addProduct(app, seller), phone: '+880 1711 222222', place: 'Banani' },
    });
    if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
    return (res.json() as { insertedId: string }).insertedId;
  };
  const [accept, decline, cancel, complete] = [
    await booking(),
    await booking(),
    await booking(),
    await booking(),
  ];
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${complete}/accept`,
    headers: bearer(seller),
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const offer = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: bearer(buyer),
      payload: { productId: await addProduct(app, seller), amount: 200 },
    });
    if (res.statusCode !== 201) throw new Error(`offer: ${res.statusCode} ${res.body}`);
    return (res.json() as { _id: string })._id;
  };
  const offers = {
    productId: await addProduct(app, seller),
    accept: await offer(),
    decline: await offer(),
    counter: await offer(),
  };
  const verifications = await verificationFixtures(app, seller);
  const savedSearch = await app.inject({
    method: 'POST',
    url: '/api/v1/saved-searches',
    headers: bearer(buyer),
    payload: { query: 'q=thinkpad&maxPrice=60000' },
  });
  if (savedSearch.statusCode !== 201)
    throw new Error(`saved search: ${savedSearch.statusCode} ${savedSearch.body}`);
  const savedSearches = {
    id: (savedSearch.json() as { _id: string })._id,
    unsubscribeToken: unsubscribeTokens(app.deps.config.apiTokenSecret).encode({
      u: buyer.id,
    }),
  };
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: bearer(buyer),
    payload: { productId, text: 'Is it still available?' },
  });
  if (asked.statusCode !== 201) throw new Error(`conversation: ${asked.statusCode} ${asked.body}`);
  // Each move on its own conversation: a block would refuse the shared conversation's messages.
  const conversationWith = async (name: string, block: boolean) => {
    const other = await registerActor(app, 'buyer', name);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: bearer(other),
      payload: { productId, text: 'Is it still available?' },
    });
    if (res.statusCode !== 201) throw new Error(`conversation: ${res.statusCode} ${res.body}`);
    const id = (res.json() as { _id: string })._id;
    if (block) {
      const blocked = await app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${id}/block`,
        headers: bearer(seller),
      });
      if (blocked.statusCode !== 201) throw new Error(`block: ${blocked.statusCode} ${blocked.body}`);
    }
    return { id, buyerId: other.id };
  };
  const blockedFromList = await conversationWith('Buyer blocked in the list', true);
  const blocks = {
    toBlock: (await conversationWith('Buyer to block', false)).id,
    blockedConversation: (await conversationWith('Buyer blocked in a conversation', true)).id,
    blockedBuyerId: blockedFromList.buyerId,
  };
  const word = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/moderation-words',
    headers: bearer(admin),
    payload: { word: 'fixture word' },
  });
  if (word.statusCode !== 201) throw new Error(`moderation word: ${word.statusCode} ${word.body}`);
  const [reviewableProductId, reviewedProductId] = await Promise.all([
    addProduct(app, seller),
    addProduct(app, seller),
  ]);
  for (const id of [reviewableProductId, reviewedProductId]) await payOnline(app, buyer, id);
  const review = await app.inject({
    method: 'POST',
    url: '/api/v1/reviews',
    headers: bearer(buyer),
    payload: { productId: reviewedProductId, rating: 4, text: 'Fine' },
  });
  if (review.statusCode !== 201) throw new Error(`review: ${review.statusCode} ${review.body}`);
  const payoutSellers = await Promise.all([
    registerActor(app, 'seller', 'Payout seller'),
    registerActor(app, 'seller', 'Failed payout seller'),
  ]);
  const payouts: string[] = [];
  for (const payee of [seller, ...payoutSellers]) {
    await setWallet(app, payee);
    await creditSeller(app, payee, buyer, 500);
    if (payee !== seller) payouts.push(await requestPayout(app, payee));
  }
  const order = async (handedOver: boolean) => {
    const paid = await payByCallback(app, buyer, await addProduct(app, seller));
    if (handedOver) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/orders/${paid}/hand-over`,
        headers: bearer(seller),
      });
      if (res.statusCode !== 200) throw new Error(`hand-over: ${res.statusCode} ${res.body}`);
    }
    return paid;
  };
  const orders = {
    handOver: await order(false),
    confirm: await order(true),
    cancel: await order(false),
    dispute: await order(true),
  };
  const disputed = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${await order(true)}/dispute`,
    headers: bearer(buyer),
    payload: DISPUTE,
  });
  if (disputed.statusCode !== 201) throw new Error(`dispute: ${disputed.statusCode} ${disputed.body}`);
  return {
    orders,
    disputeId: (disputed.json() as { _id: string })._id,
    reviewableProductId,
    reviewId: (review.json() as { insertedId: string }).insertedId,
    payouts: { paid: payouts[0]!, failed: payouts[1]! },
    actors: { buyer, seller, otherSeller, admin },
    bookings: { accept, decline, cancel, complete },
    offers,
    verifications,
    savedSearches,
    blocks,
    moderation: {
      approve: await addProductAwaitingReview(app, await registerActor(app, 'seller')),
      refuse: await addProductAwaitingReview(app, await registerActor(app, 'seller')),
    },
    moderationWordId: (word.json() as { _id: string })._id,
    conversationId: (asked.json() as { _id: string })._id,
    productId,
    transactionId,
    sandboxPageSig,
    reportId: await report(productId),
    victimProductId,
    victimReportId: await report(await addProduct(app, seller)),
    victimBuyerId: victimBuyer.id,
    victimSellerId: victimSeller.id,
  };
}

type Build = (fx: Fixtures, actor: Actor | null) => Partial<RequestParts>;

// POST /admin/moderation-words takes each word once, and the suites send it more than once.
let moderationWordSerial = 0;

/**
 * A request each known operation accepts from an allowed role. Operations not listed (routes
 * added later) get a sample built from their schema (sampleOf), which the suites still mutate.
 */
const known: Record<string, Build> = {
  'GET /api/v1/category/products/{id}': () => ({ params: { id: '01' } }),
  'GET /api/v1/details/{id}': (fx) => ({ params: { id: fx.productId } }),
  'GET /api/v1/add-products': (fx) => ({ query: { email: fx.actors.seller.email } }),
  'POST /api/v1/add-products': () => ({ body: validProduct() }),
  'DELETE /api/v1/add-products/{id}': (fx) => ({ params: { id: fx.victimProductId } }),
  'PATCH /api/v1/add-products/{id}': (fx) => ({
    params: { id: fx.productId },
    // Every field the call takes, specs included, so each can be tried with a bad value.
    body: { price: 900, showContact: true, specs: validProduct().specs },
  }),
  'PUT /api/v1/saved/{productId}': (fx) => ({ params: { productId: fx.productId } }),
  'DELETE /api/v1/saved/{productId}': (fx) => ({ params: { productId: fx.productId } }),
  'GET /api/v1/saved': () => ({ query: { page: '1', limit: '20' } }),
  'GET /api/v1/saved/ids': () => ({}),
  'GET /api/v1/users/{email}': (fx) => ({ params: { email: fx.actors.seller.email } }),
  'PATCH /api/v1/users/{email}': (fx) => ({
    params: { email: fx.actors.seller.email },
    body: { language: 'bn' },
  }),
  'POST /api/v1/users': (fx, actor) => ({
    body: { name: 'Same Name', email: actor?.email ?? fx.actors.buyer.email, role: 'buyer' },
  }),
  'GET /api/v1/jwt': (fx, actor) => ({ query: { email: actor?.email ?? fx.actors.admin.email } }),
  'DELETE /api/v1/buyer/{id}': (fx) => ({ params: { id: fx.victimBuyerId } }),
  'DELETE /api/v1/seller/{id}': (fx) => ({ params: { id: fx.victimSellerId } }),
  'POST /api/v1/bookings': (fx) => ({
    body: { productId: fx.productId, phone: '+880 1711 111111', place: 'Dhanmondi 27' },
  }),
  'GET /api/v1/bookings': (fx) => ({ query: { email: fx.actors.buyer.email } }),
  'POST /api/v1/bookings/{id}/accept': (fx) => ({ params: { id: fx.bookings.accept } }),
  'POST /api/v1/bookings/{id}/decline': (fx) => ({ params: { id: fx.bookings.decline } }),
  'POST /api/v1/bookings/{id}/cancel': (fx) => ({ params: { id: fx.bookings.cancel } }),
  'POST /api/v1/bookings/{id}/complete': (fx) => ({ params: { id: fx.bookings.complete } }),
  'POST /api/v1/offers': (fx) => ({ body: { productId: fx.offers.productId, amount: 200 } }),
  'GET /api/v1/offers/mine': (fx) => ({ query: { productId: fx.offers.productId } }),
  'POST /api/v1/offers/{id}/accept': (fx) => ({ params: { id: fx.offers.accept } }),
  'POST /api/v1/offers/{id}/decline': (fx) => ({ params: { id: fx.offers.decline } }),
  'POST /api/v1/offers/{id}/counter': (fx) => ({ params: { id: fx.offers.counter }, body: { amount: 250 } }),
  'GET /api/v1/products/{id}/verification': (fx) => ({ params: { id: fx.verifications.photoProductId } }),
  'POST /api/v1/products/{id}/verification': (fx) => ({
    params: { id: fx.verifications.productId },
    body: { serial: 'PF1CONTR' },
  }),
  'POST /api/v1/products/{id}/verification/photo': (fx) => ({
    params: { id: fx.verifications.photoProductId },
  }),
  'GET /api/v1/admin/verifications': () => ({ query: { state: 'pending', q: 'PF' } }),
  'GET /api/v1/admin/verifications/{id}/photo': (fx) => ({ params: { id: fx.verifications.approve } }),
  'POST /api/v1/admin/verifications/{id}/approve': (fx) => ({ params: { id: fx.verifications.approve } }),
  'POST /api/v1/admin/verifications/{id}/refuse': (fx) => ({
    params: { id: fx.verifications.refuse },
    body: { reason: 'The code is not on the photo' },
  }),
  'POST /api/v1/saved-searches': () => ({ body: { query: 'q=latitude&sort=newest' } }),
  'DELETE /api/v1/saved-searches/{id}': (fx) => ({ params: { id: fx.savedSearches.id } }),
  'GET /api/v1/saved-searches/unsubscribe': (fx) => ({ query: { token: fx.savedSearches.unsubscribeToken } }),
  'POST /api/v1/saved-searches/unsubscribe': (fx) => ({
    query: { token: fx.savedSearches.unsubscribeToken },
  }),
  'POST /api/v1/add-advertise': (fx) => ({ body: { productId: fx.productId } }),
  'POST /api/v1/payment/init': (fx) => ({ body: { _id: fx.productId } }),
  'GET /api/v1/get-data-transactionId/{id}': (fx) => ({ params: { id: String(fx.transactionId) } }),
  'POST /api/v1/payment/callback': (fx) => ({
    body: {
      transactionId: fx.transactionId,
      outcome: 'paid',
      amountCents: 100,
      issuedAt: Date.now(),
      nonce: '0'.repeat(32),
      signature: 'f'.repeat(64),
    },
  }),
  'GET /api/v1/payment/sandbox/{id}': (fx) => ({
    params: { id: String(fx.transactionId) },
    query: { sig: fx.sandboxPageSig },
  }),
  'POST /api/v1/payment/sandbox/{id}': (fx) => ({
    params: { id: String(fx.transactionId) },
    body: { outcome: 'failed', pageToken: 'not-the-page-token' },
  }),
  'POST /api/v1/reports': (fx) => ({ body: { productId: fx.productId, reason: 'Looks stolen' } }),
  'GET /api/v1/admin/moderation': () => ({ query: { q: 'laptop', page: '1', limit: '10' } }),
  'POST /api/v1/admin/moderation/{id}/approve': (fx) => ({ params: { id: fx.moderation.approve } }),
  'POST /api/v1/admin/moderation/{id}/refuse': (fx) => ({
    params: { id: fx.moderation.refuse },
    body: { reason: 'The photos show another laptop' },
  }),
  'POST /api/v1/reports/{id}/dismiss': (fx) => ({ params: { id: fx.reportId } }),
  'POST /api/v1/reports/{id}/remove-listing': (fx) => ({ params: { id: fx.victimReportId } }),
  'POST /api/v1/conversations': (fx) => ({ body: { productId: fx.productId, text: 'Still available?' } }),
  'GET /api/v1/conversations/{id}': (fx) => ({ params: { id: fx.conversationId } }),
  'POST /api/v1/conversations/{id}/block': (fx) => ({ params: { id: fx.blocks.toBlock } }),
  'DELETE /api/v1/conversations/{id}/block': (fx) => ({ params: { id: fx.blocks.blockedConversation } }),
  'DELETE /api/v1/blocks/{userId}': (fx) => ({ params: { userId: fx.blocks.blockedBuyerId } }),
  'GET /api/v1/admin/users/{userId}/blocks': (fx) => ({ params: { userId: fx.actors.seller.id } }),
  'GET /api/v1/admin/moderation-words': () => ({ query: { q: 'word', sort: 'word' } }),
  'POST /api/v1/admin/moderation-words': () => ({ body: { word: `listed ${++moderationWordSerial}` } }),
  'DELETE /api/v1/admin/moderation-words/{id}': (fx) => ({ params: { id: fx.moderationWordId } }),
  'GET /api/v1/price-guidance': () => ({
    query: { category: '03', productName: 'ThinkPad T480', ramGb: '16', storageGb: '512', quality: 'Good' },
  }),
  'POST /api/v1/conversations/{id}/messages': (fx) => ({
    params: { id: fx.conversationId },
    body: { text: 'Yes, it is.' },
  }),
  'POST /api/v1/conversations/{id}/read': (fx) => ({
    params: { id: fx.conversationId },
    body: { upTo: '1' },
  }),
  'POST /api/v1/conversations/{id}/report': (fx) => ({
    params: { id: fx.conversationId },
    body: { reason: 'Asks me to pay outside the site' },
  }),
  'POST /api/v1/reviews': (fx) => ({ body: { productId: fx.reviewableProductId, rating: 5, text: 'Great' } }),
  'POST /api/v1/reviews/{id}/answer': (fx) => ({ params: { id: fx.reviewId }, body: { text: 'Thank you' } }),
  'GET /api/v1/sellers/{id}': (fx) => ({ params: { id: fx.actors.seller.id } }),
  'GET /api/v1/sellers/{id}/reviews': (fx) => ({ params: { id: fx.actors.seller.id } }),
  'POST /api/v1/newsletter': () => ({ body: { email: 'news@example.test' } }),
  'GET /api/v1/orders': () => ({ query: { as: 'buyer' } }),
  'GET /api/v1/orders/{transactionId}': (fx) => ({ params: { transactionId: String(fx.orders.handOver) } }),
  'POST /api/v1/orders/{transactionId}/hand-over': (fx) => ({
    params: { transactionId: String(fx.orders.handOver) },
  }),
  'POST /api/v1/orders/{transactionId}/confirm': (fx) => ({
    params: { transactionId: String(fx.orders.confirm) },
  }),
  'POST /api/v1/orders/{transactionId}/cancel': (fx) => ({
    params: { transactionId: String(fx.orders.cancel) },
  }),
  'POST /api/v1/orders/{transactionId}/dispute': (fx) => ({
    params: { transactionId: String(fx.orders.dispute) },
    // With a photo: the suites' "item missing" variant must then leave a hole the schema refuses.
    body: { ...DISPUTE, photos: [ownImageUrl()] },
  }),
  'GET /api/v1/disputes': () => ({ query: { state: 'open' } }),
  'GET /api/v1/disputes/{id}': (fx) => ({ params: { id: fx.disputeId } }),
  'POST /api/v1/disputes/{id}/resolve': (fx) => ({
    params: { id: fx.disputeId },
    body: { outcome: 'part-refund', refundPaisa: 100, note: 'A scratch the listing did not show' },
  }),
  'PUT /api/v1/payout-method': () => ({ body: { kind: 'bkash', walletNumber: '01712345678' } }),
  'GET /api/v1/admin/payouts': () => ({ query: { state: 'requested' } }),
  'GET /api/v1/admin/payouts.csv': () => ({ query: { state: 'requested' } }),
  'POST /api/v1/admin/payouts/{id}/paid': (fx) => ({
    params: { id: fx.payouts.paid },
    body: { reference: 'BKASH-TRX-1' },
  }),
  'POST /api/v1/admin/payouts/{id}/failed': (fx) => ({
    params: { id: fx.payouts.failed },
    body: { reason: 'The wallet is closed' },
  }),
  'POST /api/v1/emailjs/api/v1.0/email/send': () => ({
    body: {
      lib_version: '4.4.1',
      user_id: 'demo-public-key',
      service_id: 'service_secondbyte',
      template_id: 'template_contact',
      template_params: { user_name: 'Ann', user_email: 'ann@example.test', message: 'Hello' },
    },
  }),
};

/** A value the schema probably accepts: defaults, first enum values, minimums, short strings. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  const type = [schema.type].flat()[0];
  if (!type && alt) return sampleOf(alt);
  const object = objectSchemaOf(schema);
  if (object?.properties) {
    return Object.fromEntries(
      Object.entries(object.properties)
        .filter(([name]) => (object.required ?? []).includes(name))
        .map(([name, inner]) => [name, sampleOf(inner)]),
    );
  }
  switch (type) {
    case 'array':
      return schema.items ? [sampleOf(schema.items)] : [];
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'sample@example.test';
      if (schema.format === 'uri') return 'https://example.test/a.webp';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

export function validRequest(op: ApiOperation, fx: Fixtures, actor: Actor | null): RequestParts {
  const built = known[op.key]?.(fx, actor) ?? {};
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sampleOf(p.schema))]));
  return {
    params: { ...params, ...built.params },
    query: built.query ?? {},
    ...(op.body ? { body: built.body ?? sampleOf(op.body) } : {}),
    ...(built.headers ? { headers: built.headers } : {}),
  };
}

import type { ConversationDetail, ConversationSummary, Message } from 'shared-contracts/conversations';

export const message = (id: number, body: string, mine: boolean): Message => ({
  _id: String(id),
  senderId: mine ? 'me' : 'them',
  body,
  createdAt: `2026-03-01T10:0${id % 10}:00.000Z`,
  mine,
});

export const summary = (id: string, over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  _id: id,
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  productImage: 'http://api.test/images/x.webp',
  productStatus: 'available',
  role: 'seller',
  otherName: 'Karim Buyer',
  lastMessage: message(1, 'Is the battery original?', false),
  lastMessageAt: new Date().toISOString(),
  unread: 0,
  ...over,
});

export const detail = (
  id: string,
  messages: Message[],
  over: Partial<ConversationDetail> = {},
): ConversationDetail => ({
  ...summary(id, { role: 'buyer', otherName: 'Rahim Seller' }),
  buyerName: 'Karim Buyer',
  sellerName: 'Rahim Seller',
  messages,
  hasOlder: false,
  otherReadUpTo: null,
  closed: false,
  blockedByMe: false,
  ...over,
});

/**
 * Stands in for GET /events (the network, not our module): a stream the test pushes events into,
 * in front of the mocked JSON API.
 */
export function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/events')
      ? new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
      : inner(input, init)) as typeof fetch;
  return {
    push: (type: string) => controller.enqueue(new TextEncoder().encode(`event: ${type}\ndata: {}\n\n`)),
  };
}

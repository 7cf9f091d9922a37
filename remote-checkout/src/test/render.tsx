// The providers, session and test config are shared with the other web packages
// (shared-auth/testing); what is left here are this package's own fixtures and fetch stub.
export { TEST_API, testBuyer as buyer, setSession, renderWithProviders } from 'shared-auth/testing/render';

/** A fetch stub answering each request with the next queued reply; records what was sent. */
export function stubFetch(...replies: Array<{ status: number; body?: unknown } | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const queue = [...replies];
  const fetchStub = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const next = queue.shift();
    if (!next) throw new Error(`Unexpected request ${url}`);
    if (next instanceof Error) throw next;
    return new Response(next.body === undefined ? '' : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
}

import { loadDemoAccounts } from '../seed/seed';
import { signIn, signUp, validProduct } from './harness';

/**
 * The money's tests against real API processes (api-process.ts): people, listings and payments
 * made over HTTP, as a browser makes them, on whichever process `base` names.
 */

export interface HttpActor {
  id: string;
  token: string;
}

async function call(base: string, method: string, route: string, token?: string, json?: unknown) {
  return fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
}

/** A new emulator account with its profile (POST /users). */
export async function registerOver(base: string, role: 'buyer' | 'seller'): Promise<HttpActor> {
  const user = await signUp(`money-${role}`);
  const res = await call(base, 'POST', '/users', user.token, {
    name: `Money ${role}`,
    email: user.email,
    url: null,
    role,
  });
  if (res.status !== 201) throw new Error(`register ${role}: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { _id: string })._id, token: user.token };
}

/** The image of a seeded listing: a listing's photo must be one of the site's own images. */
export async function seededImage(base: string): Promise<string> {
  const [cover] = (await (await fetch(`${base}/recent-product?limit=1`)).json()) as { image: string }[];
  if (!cover) throw new Error('no seeded listing');
  return cover.image;
}

/** A new listing of the seller's at `cents` paisa; answers its id. */
export async function listOver(base: string, seller: HttpActor, cents: number, image: string) {
  const res = await call(
    base,
    'POST',
    '/add-products',
    seller.token,
    validProduct({ price: cents / 100, image }),
  );
  if (res.status !== 201) throw new Error(`add product: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { insertedId: string }).insertedId;
  // A new seller's first listings wait for an operator (docs/product.md#moderation): the demo
  // admin approves it, as the harness does in process; 409 means it was public already.
  const approved = await call(base, 'POST', `/admin/moderation/${id}/approve`, await demoAdminToken());
  if (approved.status !== 200 && approved.status !== 409)
    throw new Error(`approve product: ${approved.status} ${await approved.text()}`);
  return id;
}

let adminToken: Promise<string> | undefined;
/** The demo admin's ID token, signed in once. */
function demoAdminToken() {
  adminToken ??= (async () => {
    const admin = loadDemoAccounts().find((a) => a.role === 'admin');
    if (!admin) throw new Error('no demo admin');
    return (await signIn(admin.email, admin.password)).idToken as string;
  })();
  return adminToken;
}

/** The buyer starts paying for the listing (POST /payment/init); answers the transaction id. */
export async function startPaymentOver(base: string, buyer: HttpActor, productId: string) {
  const res = await call(base, 'POST', '/payment/init', buyer.token, { _id: productId });
  if (res.status !== 200) throw new Error(`payment init: ${res.status} ${await res.text()}`);
  return Number(new URL((await res.json()) as string).pathname.split('/').pop());
}

/** Delivers a signed gateway confirmation to one process: its status code and answer. */
export async function deliverOver(base: string, body: object) {
  const res = await call(base, 'POST', '/payment/callback', undefined, body);
  return { status: res.status, body: (await res.json()) as { status?: string; error?: string } };
}

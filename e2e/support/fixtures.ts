import { expect } from '@playwright/test';
import { api, emulatorToken, signInToken } from './api';
import { demoAccount, e2eEnv, uniqueEmail } from './env';

// Journeys create what they change (their own accounts and listings), so they never trip over
// each other or the demo data other journeys read.

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** An account as registration makes it: an emulator user with a display name, a profile with a role. */
export interface AccountOptions {
  name?: string;
  /** Start of the unique e-mail address, to tell journeys' accounts apart in the data. */
  prefix?: string;
  password?: string;
}

export async function createAccount(
  role: 'buyer' | 'seller',
  options: AccountOptions = {},
): Promise<TestAccount> {
  const {
    name = `${role} ${Math.floor(Math.random() * 1e4)}`,
    prefix = role,
    password = 'e2e-pass-2026',
  } = options;
  const email = uniqueEmail(prefix);
  const signUpToken = await emulatorToken(email, password, 'signUp');
  await fetch(`${e2eEnv.emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:update?key=e2e-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken: signUpToken, displayName: name }),
  });
  // A token from signing in, not signUp's: the emulator stamps a new account's sign-in time before
  // its "tokens valid since" second, so across a second boundary firebase-admin takes signUp's token
  // for a revoked one and the API answers invalid_token (api/src/test/harness.ts, signUp).
  const token = await signInToken(email, password);
  const profile = await api('/users', { method: 'POST', token, body: { name, email, role } });
  expect(profile.status, JSON.stringify(profile.body)).toBeLessThan(300);
  return { name, email, password, token };
}

export interface ListingInput {
  productName?: string;
  price?: number;
  originalPrice?: number;
  category?: string;
  quality?: 'Excellent' | 'Good' | 'Fair';
  phone?: string;
  location?: string;
  description?: string;
  year?: number;
  specs?: Partial<typeof sampleSpecs> & Record<string, unknown>;
  photos?: string[];
  showContact?: boolean;
}

/** Specs every test listing carries unless a test gives its own (docs/product.md#laptop-specs). */
export const sampleSpecs = {
  processor: 'Intel Core i5-1135G7',
  ramGb: 16,
  storageGb: 512,
  storageType: 'SSD',
  screenInches: 14,
  resolution: '1920x1080',
  graphics: 'Intel Iris Xe',
  os: 'Windows 11',
};

/**
 * A new seller's first listings wait for an operator (docs/product.md#moderation); journeys that
 * need a public listing have the demo admin approve it. A listing already public answers 409.
 */
export async function approveIfHeld(productId: string) {
  const admin = demoAccount('admin');
  const token = await signInToken(admin.email, admin.password);
  const res = await api(`/admin/moderation/${productId}/approve`, { method: 'POST', token });
  expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
}

/** A listing of the seller's own, using an image of the seeded catalog. */
export async function createListing(
  seller: TestAccount | { email: string; token: string },
  input: ListingInput = {},
) {
  const category = input.category ?? '03';
  const seeded = await api<Array<{ image: string }>>(`/category/products/${category}?limit=1`);
  const listing = {
    productName: `Test laptop ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    price: 345.5,
    quality: 'Good',
    phone: '+880 1711 445566',
    location: 'Dhaka',
    description: 'Listed by an e2e journey.',
    year: 2021,
    specs: sampleSpecs,
    ...input,
    category,
  };
  const created = await api<{ insertedId: string }>('/add-products', {
    method: 'POST',
    token: seller.token,
    body: { ...listing, email: seller.email, image: seeded.body[0]?.image },
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  await approveIfHeld(created.body.insertedId);
  return { _id: created.body.insertedId, productName: listing.productName, price: listing.price, category };
}

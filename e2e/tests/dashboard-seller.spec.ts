import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '../support/test';
import { api, emulatorToken } from '../support/api';
import { expectNoAccessibilityViolations } from '../support/axe';
import { demoAccount, e2eEnv, uniqueEmail } from '../support/env';
import { loginThroughUi } from '../support/ui';

/**
 * A small PNG of one colour. The API sniffs the bytes, resizes it and serves it back as WebP,
 * named by its content: each colour is a different photo.
 */
function pngOfColour([r, g, b]: [number, number, number], width = 8, height = 6): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a seller adds a laptop with specs and three photos, advertises it twice and deletes it', async ({
  page,
}) => {
  // A fresh seller, so the demo seller's list (read by other journeys) stays as seeded.
  const stamp = Date.now();
  const seller = { name: `Sole Trader ${stamp}`, email: uniqueEmail('seller'), password: 'e2e-pass-2026' };
  const token = await emulatorToken(seller.email, seller.password, 'signUp');
  expect((await api('/users', { method: 'POST', token, body: { ...seller, role: 'seller' } })).status).toBe(
    201,
  );
  const productName = `E2E ThinkPad ${stamp}`;

  await loginThroughUi(page, seller.email, seller.password);
  await page.goto('/dashboard/my-products');
  await expect(page.getByText('You have no products yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add a product' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a Products' })).toBeVisible();

  // Validation speaks before anything is sent, the laptop's specifications included.
  const addProduct = page.getByRole('button', { name: 'Add Product' });
  await addProduct.click();
  await expect(page.getByText('Enter the product name')).toBeVisible();
  await expect(page.getByText('Upload a photo of the product')).toBeVisible();
  await expect(page.getByLabel(/^RAM/)).toHaveAccessibleDescription('Choose the RAM');
  await expect(page.getByLabel(/^Processor/)).toHaveAccessibleDescription(/Enter the processor/);
  await expect(page.getByLabel(/^Product Name/)).toBeFocused();
  await page.getByLabel(/^Purchase Year/).fill('1989');
  await page.getByLabel(/^Price/).fill('0');
  await page.getByLabel(/^Phone/).fill('call me');
  await page.getByLabel(/^Screen size/).fill('21');
  await page.getByLabel(/^Battery health/).fill('87');
  await addProduct.click();
  await expect(page.getByText(/Enter a year from 1990 to \d{4}/)).toBeVisible();
  await expect(page.getByText('The price must be more than 0')).toBeVisible();
  await expect(page.getByText(/Enter a phone number:/)).toBeVisible();
  await expect(page.getByText('Enter a screen size from 10 to 19 inches, one decimal at most')).toBeVisible();
  await expect(page.getByLabel(/^How was it read/)).toHaveAccessibleDescription(
    /Choose how the battery health was read/,
  );
  await expectNoAccessibilityViolations(page, 'Add a Products with validation errors');

  await page.getByLabel(/^Product Name/).fill(productName);
  await page.getByLabel(/^Category/).selectOption({ index: 0 });
  await page.getByLabel(/^Price/).fill('499.99');
  await page.getByLabel(/^Original price/).fill('1299');
  await page.getByRole('radio', { name: 'Good' }).click();
  await expect(page.getByRole('radio', { name: 'Good' })).toHaveAccessibleDescription(/Light signs of use/);
  await page.getByLabel(/^Purchase Year/).fill('2021');
  await page.getByLabel(/^Phone/).fill('+880 1712 345678');
  await page.getByLabel(/^Location/).fill('Dhanmondi, Dhaka');
  await page.getByLabel(/^Description/).fill('Keyboard like new, battery 87%.');
  await page.getByLabel(/^Processor/).fill('Intel Core i5-1135G7');
  await expect(page.getByText('Recognised as Intel Core i5 11th gen')).toBeVisible();
  await page.getByLabel(/^RAM/).selectOption('16');
  await page.getByLabel(/^Storage size/).selectOption('512');
  await page.getByLabel(/^Storage type/).selectOption('SSD');
  await page.getByLabel(/^Screen size/).fill('14');
  await page.getByLabel(/^Resolution/).selectOption({ label: 'Full HD (1920 × 1080)' });
  await page.getByLabel(/^Graphics/).fill('Intel Iris Xe Graphics');
  await page.getByLabel(/^Operating system/).selectOption('Windows 11');
  await page.getByLabel(/^How was it read/).selectOption({ label: "The operating system's battery report" });
  await page.getByLabel(/^Warranty/).fill('3');

  // Three photos at once; they upload in the order chosen.
  await page.getByLabel('Photo files').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: pngOfColour([200, 30, 30]) },
    { name: 'side.png', mimeType: 'image/png', buffer: pngOfColour([30, 200, 30]) },
    { name: 'ports.png', mimeType: 'image/png', buffer: pngOfColour([30, 30, 200]) },
  ]);
  await expect(page.getByText('3 of 6 photos')).toBeVisible();
  const photoList = page.getByRole('list', { name: 'Photos in order, the first is the cover' });
  const shownOrder = () =>
    photoList.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  const [front, side, ports] = await shownOrder();
  for (const url of [front, side, ports])
    expect(url).toMatch(new RegExp(`^${e2eEnv.apiUrl}/images/[0-9a-f]{32}\\.webp$`));

  // The third becomes the cover by keyboard; focus stays with it as it moves.
  await page.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Photo 2 is now the cover/)).toBeVisible();
  expect(await shownOrder()).toEqual([ports, front, side]);
  await expect(photoList.getByRole('img', { name: 'Photo 1 of 3, the cover' })).toHaveAttribute(
    'src',
    ports!,
  );
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(page.getByText('2 of 6 photos')).toBeVisible();
  expect(await shownOrder()).toEqual([ports, side]);
  // The thumbnails come from the smaller sizes the API stores beside each photo.
  const cover = photoList.getByRole('img', { name: 'Photo 1 of 2, the cover' });
  await expect(cover).toHaveAttribute(
    'srcset',
    new RegExp(`-400w\\.webp 400w, .*-800w\\.webp 800w, .*\\.webp 1200w$`),
  );
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAccessibilityViolations(page, 'Add a Products filled, with two photos');
  await addProduct.click();

  await expect(page.getByText('Add Products Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-products$/);
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('৳499.99');
  await expect(row).toContainText(/available/i);

  const [saved] = (await api<{ _id: string; image: string; original: number }[]>('/add-products', { token }))
    .body;
  // A new seller's first listing waits for an operator (docs/product.md#moderation): the seller
  // sees it, and the demo admin approves it so the rest of the journey has a public listing.
  await expect(row).toContainText('Waiting for review');
  const admin = demoAccount('admin');
  const adminToken = await emulatorToken(admin.email, admin.password, 'signInWithPassword');
  expect(
    (await api(`/admin/moderation/${saved!._id}/approve`, { method: 'POST', token: adminToken })).status,
  ).toBe(200);
  expect(saved?.image).toBe(ports);
  expect(saved?.original).toBe(1299);
  const details = await api<{ image: string; photos: string[]; quality: string; specs: unknown }>(
    `/details/${saved!._id}`,
  );
  expect(details.status).toBe(200);
  expect(details.body).toMatchObject({ image: ports, photos: [ports, side], quality: 'Good' });
  expect(details.body.specs).toEqual({
    processor: 'Intel Core i5-1135G7',
    cpuFamily: 'Intel Core i5 11th gen',
    cpuLine: 'intel-core-i5',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    resolution: '1920x1080',
    graphics: 'Intel Iris Xe Graphics',
    batteryHealthPercent: 87,
    batteryHealthSource: 'os-report',
    os: 'Windows 11',
    warrantyMonths: 3,
  });

  await row.getByRole('button', { name: `Advertise ${productName}` }).click();
  await expect(page.getByText('Product Advertised')).toBeVisible();
  await expect(row).toContainText(/advertised/i);
  await row.getByRole('button', { name: `Advertise ${productName}` }).click();
  await expect(page.getByText('Already Advertised')).toBeVisible();
  const adverts = await api<{ _id: string }[]>('/get-advertise?limit=100');
  expect(adverts.body.filter((p) => p._id === saved!._id)).toHaveLength(1);

  await row.getByRole('button', { name: `Delete ${productName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Are You Sure To Delete' });
  await expect(dialog).toContainText('If you are delete this you cannot recover');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Delete Successfully')).toBeVisible();
  await expect(page.getByText('You have no products yet')).toBeVisible();
  expect((await api(`/details/${saved!._id}`)).status).toBe(404);
});

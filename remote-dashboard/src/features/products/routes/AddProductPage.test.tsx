import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { renderPage, signIn } from '@/test/render';
import { TEST_API, answer, reply } from 'web-testing/fake-api';
import AddProductPage from './AddProductPage';

const photo = (name: string) => `${TEST_API}/images/${name}.webp`;
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

const CATEGORIES = [
  { id: '01', _id: '01', name: 'HP' },
  { id: '04', _id: '04', name: 'Dell' },
];

/** Stands in for the browser's XMLHttpRequest (the network), reporting progress, then the TEST_API's answer. */
class FakeUpload {
  static sent: { url: string; field: FormDataEntryValue | null }[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeUpload.sent.push({ url: this.url, field: body.get('image') });
    FakeUpload.current = this;
  }
  /** The test moves the upload along, so no timing decides what the page shows. */
  static current: FakeUpload | null = null;
  static progress(percent: number) {
    act(() =>
      FakeUpload.current?.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }),
    );
  }
  static finish(name = 'abc') {
    const xhr = FakeUpload.current!;
    FakeUpload.current = null;
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ data: { url: photo(name), width: 1, height: 1 } });
    act(() => xhr.onload?.());
  }
  static fail(status: number, body: object) {
    const xhr = FakeUpload.current!;
    FakeUpload.current = null;
    xhr.status = status;
    xhr.responseText = JSON.stringify(body);
    act(() => xhr.onload?.());
  }
  /** Uploads go one after another: the next starts once the previous answered. */
  static async next() {
    await waitFor(() => expect(FakeUpload.current).not.toBeNull());
  }
}

// No pause between keystrokes: the form is long and the machine shared.
const user = () => userEvent.setup({ delay: null });

/** Types a whole value at once (a paste): keystroke by keystroke, the long form is slow to test. */
async function fill(u: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

/** Fills every required field but the photos, as a seller would. */
async function fillRequired(u: ReturnType<typeof userEvent.setup>) {
  await fill(u, screen.getByLabelText(/Product Name/), 'Dell XPS 13');
  await u.selectOptions(screen.getByLabelText(/Category/), '04');
  await fill(u, screen.getByLabelText(/^Price/), '650.5');
  await fill(u, screen.getByLabelText(/Original price/), '1200');
  await u.click(screen.getByRole('radio', { name: 'Fair' }));
  await fill(u, screen.getByLabelText(/Purchase Year/), '2020');
  await fill(u, screen.getByLabelText(/Phone/), '+880 1712 345678');
  await fill(u, screen.getByLabelText(/Location/), 'Mirpur');
  await fill(u, screen.getByLabelText(/^Description/), 'Works well');
  await fill(u, screen.getByLabelText(/^Processor/), 'AMD Ryzen 5 5600U');
  await u.selectOptions(screen.getByLabelText(/^RAM/), '8');
  await u.selectOptions(screen.getByLabelText(/^Storage size/), '256');
  await u.selectOptions(screen.getByLabelText(/^Storage type/), 'SSD');
  await fill(u, screen.getByLabelText(/^Screen size/), '15.6');
  await u.selectOptions(screen.getByLabelText(/^Resolution/), '1920x1080');
  await fill(u, screen.getByLabelText(/^Graphics/), 'AMD Radeon Graphics');
  await u.selectOptions(screen.getByLabelText(/^Operating system/), 'Windows 11');
}

// Seven comparable listings on sale (GET /price-guidance).
const GUIDANCE = { modelFamily: 'xps', count: 7, enough: true, median: 600, min: 450, max: 800 };

const SPECS = {
  processor: 'AMD Ryzen 5 5600U',
  ramGb: 8,
  storageGb: 256,
  storageType: 'SSD',
  screenInches: 15.6,
  resolution: '1920x1080',
  graphics: 'AMD Radeon Graphics',
  batteryHealthPercent: null,
  batteryHealthSource: null,
  os: 'Windows 11',
  warrantyMonths: null,
};

describe('Add a Products', () => {
  beforeEach(() => {
    signIn('seller', 'seller@example.test');
    FakeUpload.sent = [];
    FakeUpload.current = null;
  });

  it('shows comparable asking prices once brand, name, RAM, storage and condition are filled', async () => {
    const api = answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await screen.findByRole('option', { name: 'HP' });
    const panel = await screen.findByRole('region', { name: 'Asking prices of comparable listings' });
    expect(panel).toHaveTextContent(/Fill in the brand, name, RAM, storage and condition/);
    await fillRequired(user());
    await waitFor(() => expect(panel).toHaveTextContent(/Median asking price .*600.*across 7 listings/), {
      timeout: 5000,
    });
    expect(panel).toHaveTextContent(/model family \(xps\)/);
    // The last question asked is the whole form's: brand by id, name, RAM, storage and condition.
    const asked = api.calls.filter((r) => r.path === '/price-guidance').at(-1)?.query;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      category: '04',
      productName: 'Dell XPS 13',
      ramGb: '8',
      storageGb: '256',
      quality: 'Fair',
    });
  });

  it('shows every problem beside its field and focuses the first one', async () => {
    const api = answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await screen.findByRole('option', { name: 'HP' });
    await user().click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByText('Enter the product name')).toBeInTheDocument();
    expect(screen.getByText('Upload a photo of the product')).toBeInTheDocument();
    expect(screen.getByText('Enter the purchase year')).toBeInTheDocument();
    // The laptop's specifications are required too, each message tied to its field for screen readers.
    expect(screen.getByLabelText(/^Processor/)).toHaveAccessibleDescription(/Enter the processor/);
    expect(screen.getByLabelText(/^RAM/)).toHaveAccessibleDescription('Choose the RAM');
    expect(screen.getByLabelText(/^Storage size/)).toHaveAccessibleDescription('Choose the storage size');
    expect(screen.getByLabelText(/^Storage type/)).toHaveAccessibleDescription('Choose SSD or HDD');
    expect(screen.getByLabelText(/^Screen size/)).toHaveAccessibleDescription(/Enter the screen size/);
    expect(screen.getByLabelText(/^Resolution/)).toHaveAccessibleDescription(/Choose the resolution/);
    expect(screen.getByLabelText(/^Graphics/)).toHaveAccessibleDescription(/Enter the graphics/);
    expect(screen.getByLabelText(/^Operating system/)).toHaveAccessibleDescription(
      /Choose the operating system/,
    );
    // Optional specs stay quiet.
    expect(screen.getByLabelText(/^Battery health/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Product Name/)).toHaveFocus();
    expect(api.count('POST', '/add-products')).toBe(0);
  });

  it('is written in Bangla when the page is: labels, grades, messages, taka and Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      const api = answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
      renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
      await screen.findByRole('option', { name: 'HP' });
      expect(screen.getByRole('heading', { name: 'ল্যাপটপ যোগ করুন' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'একটি ল্যাপটপ যোগ করুন' })).toBeInTheDocument();
      expect(screen.getByLabelText(/^ল্যাপটপের নাম/)).toBeInTheDocument();
      expect(screen.getByLabelText(/^কেনার বছর/)).toBeInTheDocument();
      expect(screen.getByLabelText(/^স্ক্রিনের মাপ \(ইঞ্চি\)/)).toHaveAccessibleDescription(
        '১০ থেকে ১৯, দশমিকের পর এক ঘর',
      );
      // The grades and their promises in the catalog's words.
      expect(screen.getByRole('radio', { name: 'চলনসই' })).toHaveAccessibleDescription(
        /স্পষ্টতই ব্যবহৃত: চোখে পড়ার মতো আঁচড়/,
      );
      expect(screen.getByRole('radio', { name: 'চমৎকার' })).toBeChecked();
      // Prices are asked in taka, the site's currency, not dollars.
      expect(screen.getAllByText('৳')).toHaveLength(2);
      expect(screen.getByTestId('photo-count')).toHaveTextContent('৬টির মধ্যে ০টি ছবি');

      await user().click(screen.getByRole('button', { name: 'ল্যাপটপ যোগ করুন' }));
      expect(screen.getByLabelText(/^ল্যাপটপের নাম/)).toHaveAccessibleDescription('ল্যাপটপের নাম লিখুন');
      expect(screen.getByText('ল্যাপটপের একটি ছবি আপলোড করুন')).toBeInTheDocument();
      expect(screen.getByLabelText(/^স্টোরেজের ধরন/)).toHaveAccessibleDescription('SSD বা HDD বেছে নিন');
      expect(screen.getByLabelText(/^ল্যাপটপের নাম/)).toHaveFocus();

      await fill(user(), screen.getByLabelText(/^কেনার বছর/), '1985');
      await user().click(screen.getByRole('button', { name: 'ল্যাপটপ যোগ করুন' }));
      expect(screen.getByLabelText(/^কেনার বছর/)).toHaveAccessibleDescription(
        new RegExp(
          `^১৯৯০ থেকে ${new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(new Date().getFullYear())}-এর মধ্যে একটি বছর লিখুন`,
        ),
      );
      expect(api.count('POST', '/add-products')).toBe(0);
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('shows each condition grade with its definition', async () => {
    answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    const good = screen.getByRole('radio', { name: 'Good' });
    expect(good).toHaveAccessibleDescription(/Light signs of use/);
    expect(good).toHaveAccessibleDescription(/battery may hold noticeably less/);
    expect(screen.getByRole('radio', { name: 'Excellent' })).toBeChecked();
    await user().click(good);
    expect(good).toBeChecked();
  });

  it('previews the processor family buyers will filter by', async () => {
    answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    const processor = screen.getByLabelText(/^Processor/);
    await user().type(processor, 'Intel Core i5-1135G7');
    expect(processor).toHaveAccessibleDescription('Recognised as Intel Core i5 11th gen');
  });

  it('asks how the battery health was read when a figure is given, and sends nothing until then', async () => {
    const api = answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await screen.findByRole('option', { name: 'HP' });
    const u = user();
    await u.type(screen.getByLabelText(/^Battery health/), '87');
    await u.click(screen.getByRole('button', { name: 'Add Product' }));
    const source = screen.getByLabelText(/^How was it read/);
    expect(source).toHaveAccessibleDescription(/Choose how the battery health was read/);
    expect(source).toHaveAttribute('aria-invalid', 'true');

    // Choosing a source answers the pair; a source without a figure is refused in turn.
    await u.selectOptions(source, 'diagnostic-tool');
    expect(source).not.toHaveAttribute('aria-invalid', 'true');
    await u.clear(screen.getByLabelText(/^Battery health/));
    await u.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText(/^Battery health/)).toHaveAccessibleDescription(
      /Enter the battery health, or set "how was it read" back to "Not given"/,
    );
    expect(api.count('POST', '/add-products')).toBe(0);
  });

  // The two journeys through the whole form get more time: the machine is shared and busy.
  it(
    'uploads several photos in order, reorders and removes them, and posts them cover first',
    { timeout: 60_000 },
    async () => {
      vi.stubGlobal('XMLHttpRequest', FakeUpload);
      const api = answer({
        'GET /category': CATEGORIES,
        'GET /price-guidance': GUIDANCE,
        'POST /add-products': { acknowledged: true, insertedId: 'p1' },
      });
      renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
      await screen.findByRole('option', { name: 'Dell' });
      const u = user();
      await fillRequired(u);
      expect(screen.getByText('0 of 6 photos')).toBeInTheDocument();
      await u.upload(screen.getByLabelText('Photo files'), [
        png('front.png'),
        png('side.png'),
        png('ports.png'),
      ]);

      await FakeUpload.next();
      FakeUpload.progress(40);
      expect(await screen.findByText('Uploading front.png… 40%')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
      FakeUpload.finish('front');
      await FakeUpload.next();
      FakeUpload.finish('side');
      await FakeUpload.next();
      FakeUpload.finish('ports');
      expect(await screen.findByText('3 of 6 photos')).toBeInTheDocument();
      expect(FakeUpload.sent.map((s) => (s.field as File).name)).toEqual([
        'front.png',
        'side.png',
        'ports.png',
      ]);
      const order = () => screen.getAllByRole('img').map((img) => img.getAttribute('src'));
      expect(order()).toEqual([photo('front'), photo('side'), photo('ports')]);
      expect(screen.getByRole('img', { name: 'Photo 1 of 3, the cover' })).toHaveAttribute(
        'srcset',
        `${photo('front-400w')} 400w, ${photo('front-800w')} 800w, ${photo('front')} 1200w`,
      );

      // By keyboard: the third photo moves earlier twice and becomes the cover; focus follows it.
      screen.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
      await u.keyboard('{Enter}');
      expect(order()).toEqual([photo('front'), photo('ports'), photo('side')]);
      expect(screen.getByRole('button', { name: 'Move photo 2 earlier' })).toHaveFocus();
      await u.keyboard('{Enter}');
      expect(order()).toEqual([photo('ports'), photo('front'), photo('side')]);
      expect(screen.getByText(/Photo 2 is now the cover/)).toBeInTheDocument();
      // At the front "earlier" is disabled, so focus lands on "later" of the same photo.
      expect(screen.getByRole('button', { name: 'Move photo 1 later' })).toHaveFocus();

      await u.click(screen.getByRole('button', { name: 'Remove photo 2' }));
      expect(order()).toEqual([photo('ports'), photo('side')]);
      expect(screen.getByText('2 of 6 photos')).toBeInTheDocument();

      // Contact details are on by default; this seller prefers messages.
      const contact = screen.getByRole('switch', { name: /^Show my phone and e-mail on the listing/ });
      expect(contact).toBeChecked();
      await u.click(contact);
      expect(contact).not.toBeChecked();

      await u.click(screen.getByRole('button', { name: 'Add Product' }));
      expect(await screen.findByText('Add Products Successfully')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-products'));
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        productName: 'Dell XPS 13',
        email: 'seller@example.test',
        price: 650.5,
        originalPrice: 1200,
        image: photo('ports'),
        photos: [photo('ports'), photo('side')],
        quality: 'Fair',
        phone: '+880 1712 345678',
        showContact: false,
        location: 'Mirpur',
        category: '04',
        description: 'Works well',
        year: 2020,
        specs: SPECS,
      });
    },
  );

  it('stops at six photos and says which files were left out', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    const files = ['1', '2', '3', '4', '5', '6', '7'].map((n) => png(`${n}.png`));
    await user().upload(screen.getByLabelText('Photo files'), files);
    expect(
      await screen.findByText('Only 6 photos fit: 1 of the chosen files were not added'),
    ).toBeInTheDocument();
    for (const n of ['1', '2', '3', '4', '5', '6']) {
      await FakeUpload.next();
      FakeUpload.finish(n);
    }
    expect(await screen.findByText('6 of 6 photos')).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(6);
    expect(screen.getByRole('button', { name: /^Add photos/ })).toBeDisabled();
  });

  it(
    'keeps what the seller typed and uploaded when the TEST_API refuses the product',
    { timeout: 60_000 },
    async () => {
      vi.stubGlobal('XMLHttpRequest', FakeUpload);
      answer({
        'GET /category': CATEGORIES,
        'GET /price-guidance': GUIDANCE,
        'POST /add-products': reply(400, { error: 'bad_request', message: 'specs.ramGb: too big' }),
      });
      renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
      await screen.findByRole('option', { name: 'Dell' });
      const u = user();
      await fillRequired(u);
      await u.upload(screen.getByLabelText('Photo files'), png('front.png'));
      await FakeUpload.next();
      FakeUpload.finish('front');
      await screen.findByText('1 of 6 photos');
      // The button is disabled while anything uploads; it comes back once the upload has settled.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled());
      await u.click(screen.getByRole('button', { name: 'Add Product' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('specs.ramGb: too big');
      expect(screen.getByLabelText(/^Processor/)).toHaveValue('AMD Ryzen 5 5600U');
      expect(screen.getByLabelText(/^RAM/)).toHaveValue('8');
      expect(screen.getByLabelText(/^Screen size/)).toHaveValue('15.6');
      expect(screen.getByRole('radio', { name: 'Fair' })).toBeChecked();
      expect(screen.getByRole('img', { name: 'Photo 1 of 1, the cover' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/add-products');
    },
  );

  it('refuses a file that is not an image before sending it, and shows a refused upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    answer({ 'GET /category': CATEGORIES, 'GET /price-guidance': GUIDANCE });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    // As a browser's "All files" choice would: the accept list is a hint, not a guard.
    const u = userEvent.setup({ delay: null, applyAccept: false });
    await u.upload(
      screen.getByLabelText('Photo files'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('cv.pdf: Choose a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(FakeUpload.sent).toEqual([]);

    await u.upload(screen.getByLabelText('Photo files'), png('broken.png'));
    await FakeUpload.next();
    FakeUpload.fail(400, { error: 'invalid_image', message: 'The image could not be decoded' });
    expect(await screen.findByText('broken.png: The image could not be decoded')).toBeInTheDocument();
    expect(screen.getByText('0 of 6 photos')).toBeInTheDocument();
  });
});

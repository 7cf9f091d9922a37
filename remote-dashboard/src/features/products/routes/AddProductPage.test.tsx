import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API, mockApi, renderPage, signIn } from '../../../test/render';
import AddProductPage from './AddProductPage';

const CATEGORIES = [
  { id: '01', _id: '01', name: 'HP' },
  { id: '04', _id: '04', name: 'Dell' },
];

/** Stands in for the browser's XMLHttpRequest (the network), reporting progress, then the API's answer. */
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
  static finish() {
    const xhr = FakeUpload.current!;
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ data: { url: `${API}/images/abc.webp`, width: 1, height: 1 } });
    act(() => xhr.onload?.());
  }
}

describe('Add a Products', () => {
  beforeEach(() => {
    signIn('seller', 'seller@example.test');
    FakeUpload.sent = [];
    FakeUpload.current = null;
  });

  it('shows every problem beside its field and focuses the first one', async () => {
    const api = mockApi({ 'GET /category': CATEGORIES });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await screen.findByRole('option', { name: 'HP' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByText('Enter the product name')).toBeInTheDocument();
    expect(screen.getByText('Upload a photo of the product')).toBeInTheDocument();
    expect(screen.getByText('Enter the purchase year')).toBeInTheDocument();
    expect(screen.getByLabelText(/Product Name/)).toHaveFocus();
    expect(api.count('POST', '/add-products')).toBe(0);
  });

  it('uploads the photo with progress, posts the product and goes to My Products', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const api = mockApi({
      'GET /category': CATEGORIES,
      'POST /add-products': { acknowledged: true, insertedId: 'p1' },
    });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await screen.findByRole('option', { name: 'Dell' });

    await userEvent.type(screen.getByLabelText(/Product Name/), 'Dell XPS 13');
    await userEvent.selectOptions(screen.getByLabelText(/Category/), '04');
    await userEvent.type(screen.getByLabelText(/^Price/), '650.5');
    await userEvent.type(screen.getByLabelText(/Original price/), '1200');
    await userEvent.selectOptions(screen.getByLabelText(/Condition/), 'Fair');
    await userEvent.type(screen.getByLabelText(/Purchase Year/), '2020');
    await userEvent.type(screen.getByLabelText(/Phone/), '+880 1712 345678');
    await userEvent.type(screen.getByLabelText(/Location/), 'Mirpur');
    await userEvent.type(screen.getByLabelText(/Description/), 'Works well');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'xps.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Photo file'), file);

    await waitFor(() => expect(FakeUpload.current).not.toBeNull());
    FakeUpload.progress(40);
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    FakeUpload.finish();
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(FakeUpload.sent).toEqual([{ url: `${API}/images`, field: expect.any(File) }]);

    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Add Products Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-products'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      productName: 'Dell XPS 13',
      email: 'seller@example.test',
      price: 650.5,
      originalPrice: 1200,
      image: `${API}/images/abc.webp`,
      quality: 'Fair',
      phone: '+880 1712 345678',
      location: 'Mirpur',
      category: '04',
      description: 'Works well',
      year: 2020,
    });
  });

  it('refuses a file that is not an image before sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    mockApi({ 'GET /category': CATEGORIES });
    renderPage(<AddProductPage />, { route: '/dashboard/add-products' });
    await userEvent.upload(
      screen.getByLabelText('Photo file'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(FakeUpload.sent).toEqual([]);
  });
});

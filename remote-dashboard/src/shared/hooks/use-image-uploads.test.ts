import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage } from 'web-kit/image-upload';
import { useImageUploads } from './use-image-uploads';

vi.mock('web-kit/image-upload', () => ({ uploadImage: vi.fn() }));

const upload = vi.mocked(uploadImage);
const image = (name: string) => new File(['x'], name, { type: 'image/png' });

afterEach(() => upload.mockReset());

describe('useImageUploads', () => {
  it('uploads the chosen files one after the other, in the order chosen', async () => {
    const finish: ((url: string) => void)[] = [];
    upload.mockImplementation(() => new Promise((resolve) => finish.push(resolve)));
    const onUploaded = vi.fn();
    const { result } = renderHook(() =>
      useImageUploads({ room: () => 5, onUploaded, tooMany: (left) => `${left} too many` }),
    );

    act(() => result.current.choose([image('a.png'), image('b.png')]));
    expect(result.current.uploads.map((u) => u.name)).toEqual(['a.png', 'b.png']);
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(1));

    await act(async () => finish[0]!('/images/a'));
    await vi.waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    await act(async () => finish[1]!('/images/b'));

    expect(onUploaded.mock.calls.map(([url]) => url)).toEqual(['/images/a', '/images/b']);
    expect(result.current.uploading).toBe(false);
  });

  it('refuses the files past the room left and those the server would refuse', () => {
    upload.mockReturnValue(new Promise(() => {}));
    const { result } = renderHook(() =>
      useImageUploads({ room: () => 2, onUploaded: vi.fn(), tooMany: (left) => `${left} too many` }),
    );

    act(() =>
      result.current.choose([
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
        image('a.png'),
        image('c.png'),
      ]),
    );

    expect(result.current.problems).toEqual(['1 too many', expect.stringMatching(/^notes\.txt: /)]);
    expect(result.current.uploads.map((u) => u.name)).toEqual(['a.png']);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { answer } from 'web-testing/fake-api';
import { renderWithProviders } from '@/test/render';
import { DEFAULT_TYPING } from '@/shared/typewriter/typewriter';
import { BRAND_HEADING_TYPING, BrandStrip } from './BrandStrip';

const renderStrip = () => {
  answer({ 'GET /category': [{ id: '01', _id: '01', name: 'Dell' }] });
  renderWithProviders(<BrandStrip />, { path: '/', url: '/' });
  return screen.getByTestId('brand-heading');
};

describe('brand strip heading (docs/product.md#home-page)', () => {
  it('types "Select Your Brand" once with the animation defaults', () => {
    expect(BRAND_HEADING_TYPING).toMatchObject({ ...DEFAULT_TYPING, words: ['Select Your Brand'] });
  });

  it('has the whole heading in its markup from the start, one animated span a letter', () => {
    const heading = renderStrip();
    expect(heading).toHaveTextContent(/^Select Your Brand$/);
    expect(heading).toHaveAccessibleName('Select Your Brand');
    const letters = heading.querySelectorAll<HTMLElement>('span[style*="--show"]');
    expect(letters).toHaveLength('Select Your Brand'.length);
    expect(letters[0]!.style.getPropertyValue('--show')).toMatch(/^sb-brand-heading-en-l0-0 /);
  });

  it('types the Bangla heading by whole letters, a conjunct at a time', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderStrip();
      const heading = await screen.findByRole('heading', { name: 'ব্র্যান্ড বেছে নিন' });
      expect(heading).toHaveTextContent(/^ব্র্যান্ড বেছে নিন$/);
      const letters = [...heading.querySelectorAll('span[style*="--show"]')].map((l) => l.textContent);
      expect(letters).toEqual(['ব্র্যা', 'ন্ড', ' ', 'বে', 'ছে', ' ', 'নি', 'ন']);
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});

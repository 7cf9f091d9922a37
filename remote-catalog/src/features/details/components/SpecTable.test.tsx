import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSpecs, renderWithProviders } from '@/test/render';
import { SpecTable } from './SpecTable';

/** The table's rows as [row header, cell] pairs, the way a screen reader walks them. */
function rows() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);
}

describe('SpecTable', () => {
  it('shows every spec of the listing, each under its row header', () => {
    renderWithProviders(<SpecTable specs={makeSpecs({ storageGb: 1024 })} labelledBy="specs" />);
    expect(rows()).toEqual([
      ['Processor', 'AMD Ryzen 5 PRO 5650UAMD Ryzen 5 5650U'],
      ['Memory', '16 GB'],
      ['Storage', '1 TB SSD'],
      ['Screen', '14-inch, WUXGA (1920 × 1200)'],
      ['Graphics', 'AMD Radeon Graphics'],
      ['Battery health', "87%Read from: The operating system's battery report"],
      ['Operating system', 'Windows 11'],
      ['Warranty left', '6 months'],
    ]);
  });

  it('says when the battery was not measured and when no warranty is left', () => {
    renderWithProviders(
      <SpecTable
        specs={makeSpecs({ batteryHealthPercent: null, batteryHealthSource: null, warrantyMonths: null })}
        labelledBy="specs"
      />,
    );
    expect(rows()).toContainEqual(['Battery health', 'Not stated']);
    expect(rows()).toContainEqual(['Warranty left', 'None']);
  });

  it('does not repeat a processor name that is already its family', () => {
    renderWithProviders(
      <SpecTable specs={makeSpecs({ processor: 'Apple M2', cpuFamily: 'Apple M2' })} labelledBy="specs" />,
    );
    expect(rows()[0]).toEqual(['Processor', 'Apple M2']);
  });

  it('tells the buyer when an old listing has no specs', () => {
    renderWithProviders(<SpecTable specs={null} labelledBy="specs" />);
    expect(screen.getByText('The seller gave no specs')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('marks specs read from the listing as not confirmed, and an unknown one as unknown, not 0', () => {
    renderWithProviders(
      <SpecTable
        specs={null}
        read={{
          processor: 'Intel Core i7',
          cpuFamily: 'Intel Core i7',
          cpuLine: 'intel-core-i7',
          ramGb: null,
          storageGb: 512,
          storageType: 'SSD',
          screenInches: 13.3,
        }}
        labelledBy="specs"
      />,
    );
    expect(screen.getByText('Specs not confirmed by the seller')).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Processor', 'Intel Core i7'],
      ['Memory', 'Unknown'],
      ['Storage', '512 GB SSD'],
      ['Screen', '13.3-inch'],
    ]);
  });
});

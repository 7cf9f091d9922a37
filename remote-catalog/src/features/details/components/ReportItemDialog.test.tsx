import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderWithProviders, setSession, stubFetch } from '@/test/render';
import ReportItemDialog from './ReportItemDialog';

afterEach(() => vi.unstubAllGlobals());

describe('ReportItemDialog', () => {
  it("asks for a reason when the field is left empty, and refuses one of spaces (the API's schema trims it)", async () => {
    setSession(buyer);
    const { fetchStub, calls } = stubFetch([[/\/reports$/, { status: 201, body: {} }]]);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ReportItemDialog productId="p9" productName="ThinkPad" opened onClose={() => {}} />);
    const reason = await screen.findByLabelText(/Reason/);
    fireEvent.blur(reason);
    expect(await screen.findByText('Please give a reason.')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '    ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Please give a reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/reports'))).toBe(false);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, reply } from 'web-testing/fake-api';
import { buyer, renderWithProviders, setSession } from '@/test/render';
import ReportItemDialog from './ReportItemDialog';

describe('ReportItemDialog', () => {
  it("asks for a reason when the field is left empty, and refuses one of spaces (the API's schema trims it)", async () => {
    setSession(buyer);
    const { calls } = answer({ 'POST /reports': reply(201, {}) });
    renderWithProviders(<ReportItemDialog productId="p9" productName="ThinkPad" opened onClose={() => {}} />);
    const reason = await screen.findByLabelText(/Reason/);
    fireEvent.blur(reason);
    expect(await screen.findByText('Please give a reason.')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '    ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Please give a reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/reports'))).toBe(false);
  });
});

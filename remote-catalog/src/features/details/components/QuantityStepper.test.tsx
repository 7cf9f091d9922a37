import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY, QuantityStepper } from './QuantityStepper';

function Harness() {
  const [value, setValue] = useState(MIN_QUANTITY);
  return <QuantityStepper value={value} onChange={setValue} />;
}

const renderStepper = () =>
  render(
    <MantineProvider>
      <Harness />
    </MantineProvider>,
  );

describe('QuantityStepper', () => {
  it('starts at 1 and cannot go below it', async () => {
    renderStepper();
    const value = screen.getByTestId('quantity-value');
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(value).toHaveTextContent('1');
    expect(decrease).toBeDisabled();
    await userEvent.click(decrease);
    expect(value).toHaveTextContent('1');
  });

  it('counts up and back down to 1', async () => {
    renderStepper();
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(increase);
    await userEvent.click(increase);
    expect(screen.getByTestId('quantity-value')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(screen.getByTestId('quantity-value')).toHaveTextContent('2');
  });

  it('stops at its ceiling', async () => {
    renderStepper();
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < MAX_QUANTITY + 3; i++) await userEvent.click(increase);
    expect(screen.getByTestId('quantity-value')).toHaveTextContent(String(MAX_QUANTITY));
    expect(increase).toBeDisabled();
  });

  it('clamps any value into bounds', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(4)).toBe(4);
    expect(clampQuantity(MAX_QUANTITY + 1)).toBe(MAX_QUANTITY);
  });
});

import { create } from 'zustand';
import type { SelectedProduct } from './auth-store';

// Catalog (Book Now / Buy Now) and dashboard (Pay) publish what the buyer wants here; a
// checkout-owned component mounted by the host listens and acts. No remote imports another's code.
export type CheckoutIntent =
  { kind: 'book'; product: SelectedProduct } | { kind: 'pay'; product: SelectedProduct };

interface CheckoutIntentState {
  intent: CheckoutIntent | null;
  requestBooking: (product: SelectedProduct) => void;
  requestPayment: (product: SelectedProduct) => void;
  clear: () => void;
}

export const useCheckoutIntents = create<CheckoutIntentState>()((set) => ({
  intent: null,
  requestBooking: (product) => set({ intent: { kind: 'book', product } }),
  requestPayment: (product) => set({ intent: { kind: 'pay', product } }),
  clear: () => set({ intent: null }),
}));

import { useLocation, useNavigate } from 'react-router';
import { useAuthStore, useCheckoutIntents, type SelectedProduct } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';

const toSelected = (product: Product): SelectedProduct => ({
  _id: product._id,
  productName: product.productName,
  price: product.price,
  image: product.image,
});

/**
 * Book Now / Buy Now publish an intent that checkout's modal (mounted by the host) acts on;
 * catalog never imports checkout's code. A signed-out visitor is sent to /login first, and the
 * login screen brings them back here.
 */
export function useCheckoutActions() {
  const user = useAuthStore((s) => s.user);
  const profileId = useAuthStore((s) => s.profileId);
  const navigate = useNavigate();
  const location = useLocation();
  const requestBooking = useCheckoutIntents((s) => s.requestBooking);
  const requestPayment = useCheckoutIntents((s) => s.requestPayment);

  const whenSignedIn = (action: () => void) => {
    if (!user) {
      navigate('/login', { state: { from: location } });
      return;
    }
    action();
  };

  const viewerEmail = user?.email?.toLowerCase();
  return {
    /**
     * A seller cannot book or buy their own listing (docs/product.md#booking-and-payment). The
     * kernel knows the visitor's profile id from the signed-in hint, so the server already renders
     * it right, whether or not the seller shows their e-mail. A host released before profile ids
     * has none in its store (undefined): the e-mail, when the listing shows it, decides.
     */
    isOwn: (product: Product) =>
      user !== null &&
      (profileId
        ? product.seller._id === profileId
        : viewerEmail !== undefined && product.email !== null && viewerEmail === product.email.toLowerCase()),
    book: (product: Product) => whenSignedIn(() => requestBooking(toSelected(product))),
    pay: (product: Product) => whenSignedIn(() => requestPayment(toSelected(product))),
  };
}

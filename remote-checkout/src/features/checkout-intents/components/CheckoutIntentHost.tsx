import '../../../shared/federation-probe';
import { Modal, Text } from '@mantine/core';
import { useCheckoutIntents } from 'shared-auth';

/** Listens for Book Now / Buy Now / Pay intents published by other remotes and acts on them. */
export default function CheckoutIntentHost() {
  const intent = useCheckoutIntents((s) => s.intent);
  const clear = useCheckoutIntents((s) => s.clear);
  return (
    <Modal opened={intent !== null} onClose={clear} title={intent?.product.productName}>
      <Text>{intent?.kind === 'book' ? 'Booking' : 'Payment'}</Text>
    </Modal>
  );
}

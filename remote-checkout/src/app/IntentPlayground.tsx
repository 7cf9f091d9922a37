import { useState } from 'react';
import { Button, Container, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCheckoutIntents } from 'runtime-kernel';
import CheckoutIntentHost from './CheckoutIntentHost';

/**
 * Standalone dev page only: publishes the intents catalog and dashboard publish in the composed
 * site, so the booking modal and payment start can be worked on without the other remotes.
 */
export function IntentPlayground() {
  const [productId, setProductId] = useState('');
  const [productName, setProductName] = useState('Test laptop');
  const [price, setPrice] = useState<number | string>(100);
  const hasIntent = useCheckoutIntents((s) => s.intent !== null);
  const product = { _id: productId.trim(), productName, price: Number(price) || 0 };
  return (
    <Container size="xs" py="xl">
      <Stack>
        <Title order={2}>Checkout intents</Title>
        <Text size="sm" c="dimmed">
          Sign in on the host first (same origin), paste a product id from GET /category/products/04.
        </Text>
        <TextInput
          label="Product id"
          value={productId}
          onChange={(e) => setProductId(e.currentTarget.value)}
        />
        <TextInput
          label="Product name"
          value={productName}
          onChange={(e) => setProductName(e.currentTarget.value)}
        />
        <NumberInput label="Price shown" value={price} onChange={setPrice} />
        <Group>
          <Button
            disabled={!product._id}
            onClick={() => useCheckoutIntents.getState().requestBooking(product)}
          >
            Book Now
          </Button>
          <Button
            disabled={!product._id}
            onClick={() => useCheckoutIntents.getState().requestPayment(product)}
          >
            Buy Now
          </Button>
        </Group>
      </Stack>
      {hasIntent && <CheckoutIntentHost />}
    </Container>
  );
}

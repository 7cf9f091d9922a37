import '../../../shared/federation-probe';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** /payment/fail and /cancel (SPEC §2). */
export default function PaymentFailPage() {
  return (
    <Center mih="50vh" px="md" data-testid="payment-fail">
      <Stack align="center" gap="md">
        <Title order={1} c="red">
          Something went wrong
        </Title>
        <Text c="dimmed">Your payment was not completed. Nothing was charged.</Text>
        <Button component={Link} to="/">
          Go To Home
        </Button>
      </Stack>
    </Center>
  );
}

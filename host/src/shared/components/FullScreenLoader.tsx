import { Button, Center } from '@mantine/core';

/** SPEC §2: "a full-screen loading button is shown while data loads". */
export function FullScreenLoader() {
  return (
    <Center h="100vh" w="100%" aria-busy="true">
      <Button loading variant="subtle" size="xl" aria-label="Loading">
        Loading
      </Button>
    </Center>
  );
}

import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NewsletterForm } from './NewsletterForm';

const COLUMNS: { title: string; links: string[] }[] = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

export function Footer() {
  return (
    <Box component="footer" mt="xl" py="xl" bg="var(--mantine-color-default-hover)">
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          {COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {column.title}
              </Title>
              {column.links.map((link) => (
                // SPEC §2: footer links go nowhere.
                <Anchor
                  key={link}
                  href="#"
                  onClick={(e) => e.preventDefault()}
                  c="var(--mantine-color-text)"
                  size="sm"
                >
                  {link}
                </Anchor>
              ))}
            </Stack>
          ))}
          <Stack gap={6}>
            <Title order={2} fz="sm" tt="uppercase" c="dimmed">
              Newsletter
            </Title>
            <NewsletterForm />
          </Stack>
        </SimpleGrid>
        <Text ta="center" size="sm" c="dimmed" mt="xl">
          Copyright © 2022 - All rights reserved by SecondByte
        </Text>
      </Container>
    </Box>
  );
}

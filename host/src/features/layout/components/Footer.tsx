import { Anchor, Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
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
        {/* Three narrow link columns side by side even on a phone; the newsletter gets a full row there. */}
        <Grid gap={{ base: 'md', md: 'xl' }}>
          {COLUMNS.map((column) => (
            <Grid.Col key={column.title} span={{ base: 4, md: 3 }}>
              <Stack gap={6}>
                <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                  {column.title}
                </Title>
                {column.links.map((link) => (
                  // docs/product.md#layout: footer links go nowhere.
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
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack gap={6}>
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                Newsletter
              </Title>
              <NewsletterForm />
            </Stack>
          </Grid.Col>
        </Grid>
        <Text ta="center" size="sm" c="dimmed" mt="xl">
          Copyright © 2022 - All rights reserved by SecondByte
        </Text>
      </Container>
    </Box>
  );
}

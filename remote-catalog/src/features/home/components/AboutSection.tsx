import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const POINTS = [
  {
    title: 'Honest listings',
    text: 'Sellers state the condition, the purchase year and the years of use of every laptop.',
    icon: 'M9 12l2 2 4-4M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z',
  },
  {
    title: 'Meet or pay online',
    text: 'Book a laptop and meet the seller where it suits you both, or pay online in a few clicks.',
    icon: 'M3 7h18v10H3zM3 11h18M7 15h3',
  },
  {
    title: 'Reported, then reviewed',
    text: 'Anything that looks wrong can be reported from its page; our admins review every report.',
    icon: 'M5 21V4h11l-1 4 1 4H5',
  },
];

export function AboutSection() {
  return (
    <Box component="section" id="about" aria-labelledby="about-heading" style={{ scrollMarginTop: 80 }}>
      <Stack gap="xs" ta="center" maw={720} mx="auto" mb="xl">
        <Text tt="uppercase" fw={700} size="sm" c="dimmed" style={{ letterSpacing: '0.08em' }}>
          About us
        </Text>
        <Title order={2} id="about-heading">
          A second life for good laptops
        </Title>
        <Text c="dimmed">
          SecondByte is a marketplace for used laptops. Sellers list the machines they no longer need, buyers
          find a proven laptop for far less than a new one, and fewer good computers end up as e-waste.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {POINTS.map((p) => (
          <Stack key={p.title} gap="xs" align="center" ta="center" p="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
                <path d={p.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              </svg>
            </ThemeIcon>
            <Title order={3} fz="lg">
              {p.title}
            </Title>
            <Text c="dimmed" size="sm">
              {p.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import * as offscreen from '@/shared/components/offscreen-skip.module.css';
import { useT } from '@/shared/i18n';

const POINTS: { key: 'honest' | 'meet' | 'reported'; icon: string }[] = [
  {
    key: 'honest',
    icon: 'M9 12l2 2 4-4M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6z',
  },
  {
    key: 'meet',
    icon: 'M3 7h18v10H3zM3 11h18M7 15h3',
  },
  {
    key: 'reported',
    icon: 'M5 21V4h11l-1 4 1 4H5',
  },
];

export function AboutSection() {
  const t = useT();
  return (
    <Box
      component="section"
      id="about"
      className={offscreen.offscreenSkip}
      aria-labelledby="about-heading"
      // Clear of the sticky header, which is up to 129 px tall on a phone (the search box on a row
      // of its own, and the test-payments notice above it).
      style={{ scrollMarginTop: 140 }}
    >
      <Stack gap="xs" ta="center" maw={720} mx="auto" mb="xl">
        <Text tt="uppercase" fw={700} size="sm" c="dimmed" style={{ letterSpacing: '0.08em' }}>
          {t('home.aboutUs')}
        </Text>
        <Title order={2} id="about-heading">
          {t('home.aboutTitle')}
        </Title>
        <Text c="dimmed">{t('home.aboutText')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {POINTS.map((p) => (
          <Stack key={p.key} gap="xs" align="center" ta="center" p="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
                <path d={p.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              </svg>
            </ThemeIcon>
            <Title order={3} fz="lg">
              {t(`home.points.${p.key}.title`)}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`home.points.${p.key}.text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

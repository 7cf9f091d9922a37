import { Anchor, Box, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useT, type HostMessageKey } from '@/shared/i18n';
import { NewsletterForm } from './NewsletterForm';

const COLUMNS: { title: HostMessageKey; links: HostMessageKey[] }[] = [
  {
    title: 'footer.services',
    links: [
      'footer.servicesLinks.branding',
      'footer.servicesLinks.design',
      'footer.servicesLinks.marketing',
      'footer.servicesLinks.advertisement',
    ],
  },
  {
    title: 'footer.company',
    links: [
      'footer.companyLinks.aboutUs',
      'footer.companyLinks.contact',
      'footer.companyLinks.jobs',
      'footer.companyLinks.pressKit',
    ],
  },
  {
    title: 'footer.legal',
    links: ['footer.legalLinks.terms', 'footer.legalLinks.privacy', 'footer.legalLinks.cookies'],
  },
];

export function Footer() {
  const t = useT();
  return (
    <Box component="footer" className="site-footer" mt="xl" py="xl" bg="var(--mantine-color-default-hover)">
      <Container size="xl">
        {/* Three narrow link columns side by side even on a phone; the newsletter gets a full row there. */}
        <Grid gap={{ base: 'md', md: 'xl' }}>
          {COLUMNS.map((column) => (
            <Grid.Col key={column.title} span={{ base: 4, md: 3 }}>
              <Stack gap={6}>
                <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                  {t(column.title)}
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
                    {t(link)}
                  </Anchor>
                ))}
              </Stack>
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack gap={6}>
              <Title order={2} fz="sm" tt="uppercase" c="dimmed">
                {t('footer.newsletter')}
              </Title>
              <NewsletterForm />
            </Stack>
          </Grid.Col>
        </Grid>
        <Text ta="center" size="sm" c="dimmed" mt="xl">
          {t('footer.copyright')}
        </Text>
      </Container>
    </Box>
  );
}

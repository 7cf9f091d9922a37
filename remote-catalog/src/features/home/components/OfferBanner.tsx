import { Badge, Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '@/shared/i18n';

interface Collection {
  brand: string;
  /** At least this many laptops ("17+"). */
  count: number;
  to: string;
  gradient: string;
}

// docs/product.md#home-page: up to 20% off; HP collection 17+, Dell collection 14+.
const COLLECTIONS: Collection[] = [
  {
    brand: 'HP',
    count: 17,
    to: '/category/products/02',
    gradient: 'linear-gradient(135deg, #1e3a8a, #3b82f6)',
  },
  {
    brand: 'Dell',
    count: 14,
    to: '/category/products/01',
    gradient: 'linear-gradient(135deg, #0c4a6e, #0ea5e9)',
  },
];

export function OfferBanner() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="offer-heading">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper
          radius="lg"
          p={{ base: 'lg', md: 'xl' }}
          style={{ background: 'linear-gradient(135deg, #d97706, #dc2626)', color: '#fff' }}
        >
          <Stack gap="sm" h="100%" justify="center">
            <Badge color="white" c="red.8" w="fit-content" variant="filled">
              {t('home.limitedOffer')}
            </Badge>
            <Title order={2} id="offer-heading" fz={{ base: 28, md: 34 }} lh={1.15}>
              {t('home.offerTitle')}
            </Title>
            <Text opacity={0.95}>{t('home.offerText')}</Text>
          </Stack>
        </Paper>
        {COLLECTIONS.map((c) => (
          <Paper
            key={c.brand}
            radius="lg"
            p={{ base: 'lg', md: 'xl' }}
            style={{ background: c.gradient, color: '#fff' }}
          >
            <Stack gap={6} h="100%" justify="space-between">
              <div>
                <Text tt="uppercase" fw={700} size="xs" style={{ letterSpacing: '0.08em' }} opacity={0.85}>
                  {t('home.collection', { brand: c.brand })}
                </Text>
                <Text fz={44} fw={800} lh={1.1}>
                  {t('home.collectionCount', { count: c.count })}
                </Text>
                <Text opacity={0.9}>{t('home.collectionText', { brand: c.brand })}</Text>
              </div>
              <Button
                component={Link}
                to={c.to}
                variant="white"
                color="dark"
                w="fit-content"
                mt="sm"
                aria-label={t('home.shopCollection', { brand: c.brand })}
              >
                {t('home.shopBrand', { brand: c.brand })}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs" ta="right">
        {t('home.discountsNote')}
      </Text>
    </Box>
  );
}

import type { ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TwitterIcon,
} from '@/shared/components/icons';
import { AreaMap } from '../components/AreaMap';
import { ContactForm } from '../components/ContactForm';
import { CONTACT } from '../components/contact-details';
import { useT } from '@/features/contact/i18n';

// docs/product.md#layout: the social links go to the home page.
const SOCIAL = [
  { label: 'Facebook', icon: FacebookIcon },
  { label: 'Twitter', icon: TwitterIcon },
  { label: 'LinkedIn', icon: LinkedinIcon },
  { label: 'Instagram', icon: InstagramIcon },
];

function InfoBlock({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" h="100%">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={42} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Title order={2} fz="md">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

export function ContactPage() {
  const t = useT();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px="md">
      <Stack gap={4} mb="xl" ta="center">
        <Title order={1}>{t('contact.title')}</Title>
        <Text c="dimmed">{t('contact.intro')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="xl">
        <InfoBlock icon={<MapPinIcon />} title={t('contact.address')}>
          <Text size="sm" c="dimmed" component="address" fs="normal">
            {[t('contact.addressLines.street'), t('contact.addressLines.city')].map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </Text>
        </InfoBlock>
        <InfoBlock icon={<PhoneIcon />} title={t('contact.phone')}>
          <Anchor href={CONTACT.phoneHref} size="sm">
            {CONTACT.phone}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('contact.hours')}
          </Text>
        </InfoBlock>
        <InfoBlock icon={<MailIcon />} title={t('contact.email')}>
          <Anchor href={`mailto:${CONTACT.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {CONTACT.email}
          </Anchor>
        </InfoBlock>
      </SimpleGrid>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <AreaMap />
            <Group gap="xs" aria-label={t('contact.follow')} role="group">
              <Text size="sm" fw={600} mr={4}>
                {t('contact.followUs')}
              </Text>
              {SOCIAL.map(({ label, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  component={Link}
                  to="/"
                  variant="light"
                  size="lg"
                  radius="xl"
                  aria-label={label}
                >
                  <Icon size={18} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContactForm />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

import { Box, Text, Title } from '@mantine/core';
import { TypedText, TypingStyle } from '@/shared/typewriter/TypedText';
import { typingPlan } from '@/shared/typewriter/typing-plan';
import { HOME_TYPING } from '../lib/home-typing';
import { useT } from '@/shared/i18n';

// The brand names are the same in every language, so one plan serves every page.
const HOME_PLAN = typingPlan(HOME_TYPING, 'sb-home-brands');

/** Invites the visitor to choose a brand; the brand names type themselves out in turn, in CSS. */
export function BrandTypewriter() {
  const t = useT();
  const brandList = t('home.brandList');
  return (
    <Box component="section" ta="center" py={{ base: 'xl', md: 48 }} aria-labelledby="typing-heading">
      <TypingStyle plan={HOME_PLAN} />
      <Text tt="uppercase" fw={700} size="sm" c="dimmed" style={{ letterSpacing: '0.08em' }}>
        {t('home.chooseYourBrand')}
      </Text>
      <Title
        order={2}
        id="typing-heading"
        aria-label={t('home.findNextLaptop', { brands: brandList })}
        fz={{ base: 34, md: 52 }}
        lh={1.2}
        mih="1.2em"
        c="indigo"
        data-testid="brand-typewriter"
      >
        <TypedText plan={HOME_PLAN} still={brandList} />
      </Title>
      <Text c="dimmed" mt="xs" maw={560} mx="auto">
        {t('home.brandPromise')}
      </Text>
    </Box>
  );
}

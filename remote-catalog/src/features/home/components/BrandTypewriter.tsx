import { Box, Text, Title } from '@mantine/core';
import { TypedText } from '@/shared/typewriter/TypedText';
import { useTypewriter } from '@/shared/typewriter/use-typewriter';
import { HOME_TYPING } from '../lib/home-typing';
import { useT } from '@/shared/i18n';

/** Invites the visitor to choose a brand; the brand names type themselves out in turn. */
export function BrandTypewriter() {
  const t = useT();
  const typing = useTypewriter(HOME_TYPING);
  const brandList = t('home.brandList');
  return (
    <Box component="section" ta="center" py={{ base: 'xl', md: 48 }} aria-labelledby="typing-heading">
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
        {typing.reducedMotion ? (
          brandList
        ) : (
          <TypedText
            typed={typing.text}
            word={typing.word}
            caret={!typing.done}
            revealSpeed={typing.revealSpeed}
          />
        )}
      </Title>
      <Text c="dimmed" mt="xs" maw={560} mx="auto">
        {t('home.brandPromise')}
      </Text>
    </Box>
  );
}

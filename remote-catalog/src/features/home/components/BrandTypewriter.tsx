import { Box, Text, Title } from '@mantine/core';
import { TypedText } from '@/shared/typewriter/TypedText';
import { useTypewriter } from '@/shared/typewriter/use-typewriter';
import { HOME_TYPING } from '../lib/home-typing';

const BRAND_LIST = 'Dell, HP, Lenovo or Apple';

/** Invites the visitor to choose a brand; the brand names type themselves out in turn. */
export function BrandTypewriter() {
  const typing = useTypewriter(HOME_TYPING);
  return (
    <Box component="section" ta="center" py={{ base: 'xl', md: 48 }} aria-labelledby="typing-heading">
      <Text tt="uppercase" fw={700} size="sm" c="dimmed" style={{ letterSpacing: '0.08em' }}>
        Choose your brand
      </Text>
      <Title
        order={2}
        id="typing-heading"
        aria-label={`Find your next laptop: ${BRAND_LIST}`}
        fz={{ base: 34, md: 52 }}
        lh={1.2}
        mih="1.2em"
        c="indigo"
        data-testid="brand-typewriter"
      >
        {typing.reducedMotion ? (
          BRAND_LIST
        ) : (
          <TypedText typed={typing.text} word={typing.word} caret={!typing.done} />
        )}
      </Title>
      <Text c="dimmed" mt="xs" maw={560} mx="auto">
        Every listing shows its condition, years of use and the seller, so you know what you are booking.
      </Text>
    </Box>
  );
}

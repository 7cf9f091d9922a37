import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Container, Group, Skeleton, Title } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { DEFAULT_TYPING, type TypingConfig } from '@/shared/typewriter/typewriter';
import { TypedText } from '@/shared/typewriter/TypedText';
import { useTypewriter } from '@/shared/typewriter/use-typewriter';
import { useCategories } from 'web-kit/api/categories';
import * as classes from './BrandStrip.module.css';
import { translate, useT } from '@/shared/i18n';

// docs/product.md#home-page: the brand strip's heading types with the animation defaults, in the
// page's language (one stable config per heading: the typewriter restarts when it changes). Built
// as the strip renders, not as the module loads, when only the English texts are there.
const headingTyping = (heading: string): TypingConfig => ({ ...DEFAULT_TYPING, words: [heading] });
export const BRAND_HEADING_TYPING = headingTyping(translate('en')('home.selectYourBrand'));

/** The home layout's 'Select Your Brand' heading and its horizontal strip of category tabs. */
export function BrandStrip() {
  const t = useT();
  const categories = useCategories();
  const heading = t('home.selectYourBrand');
  const typing = useTypewriter(useMemo(() => headingTyping(heading), [heading]));
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the current brand may sit off-screen in the strip: bring it into view.
  useEffect(() => {
    const current = listRef.current?.querySelector('[aria-current="page"]');
    current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname, categories.data]);

  return (
    <Container size="xl" py="lg">
      <Title order={2} ta="center" mb="md" aria-label={heading}>
        {typing.reducedMotion || typing.done ? (
          heading
        ) : (
          <TypedText typed={typing.text} word={heading} caret revealSpeed={typing.revealSpeed} />
        )}
      </Title>
      {categories.isPending && (
        <Group justify="center" gap="sm" aria-busy="true" aria-label={t('home.loadingBrands')} h={48}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={40} w={88} radius="xl" />
          ))}
        </Group>
      )}
      {categories.isError && (
        <Alert color="red" title={t('home.brandsFailed')} maw={480} mx="auto" role="alert">
          <Button size="xs" variant="light" color="red" onClick={() => void categories.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      )}
      {categories.data && (
        <nav aria-label={t('home.brands')} className={classes.scroller}>
          <ul className={classes.list} ref={listRef}>
            {categories.data.map((category) => (
              <li key={category._id} className={classes.item}>
                <NavLink to={`/category/products/${category.id}`} className={classes.tab}>
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Container>
  );
}

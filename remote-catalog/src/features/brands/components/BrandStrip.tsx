import { useEffect, useRef } from 'react';
import { Alert, Button, Container, Group, Skeleton, Title } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { DEFAULT_TYPING, type TypingConfig } from '@/shared/typewriter/typewriter';
import { TypedText } from '@/shared/typewriter/TypedText';
import { useTypewriter } from '@/shared/typewriter/use-typewriter';
import { useCategories } from 'web-kit/api/categories';
import * as classes from './BrandStrip.module.css';

export const BRAND_HEADING = 'Select Your Brand';
// docs/product.md#home-page: the brand strip's heading types with the animation defaults.
export const BRAND_HEADING_TYPING: TypingConfig = { ...DEFAULT_TYPING, words: [BRAND_HEADING] };

/** The home layout's 'Select Your Brand' heading and its horizontal strip of category tabs. */
export function BrandStrip() {
  const categories = useCategories();
  const typing = useTypewriter(BRAND_HEADING_TYPING);
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);

  // On a phone the current brand may sit off-screen in the strip: bring it into view.
  useEffect(() => {
    const current = listRef.current?.querySelector('[aria-current="page"]');
    current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname, categories.data]);

  return (
    <Container size="xl" py="lg">
      <Title order={2} ta="center" mb="md" aria-label={BRAND_HEADING}>
        {typing.reducedMotion || typing.done ? (
          BRAND_HEADING
        ) : (
          <TypedText typed={typing.text} word={BRAND_HEADING} caret />
        )}
      </Title>
      {categories.isPending && (
        <Group justify="center" gap="sm" aria-busy="true" aria-label="Loading brands" h={48}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h={40} w={88} radius="xl" />
          ))}
        </Group>
      )}
      {categories.isError && (
        <Alert color="red" title="Brands could not be loaded" maw={480} mx="auto" role="alert">
          <Button size="xs" variant="light" color="red" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {categories.data && (
        <nav aria-label="Brands" className={classes.scroller}>
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

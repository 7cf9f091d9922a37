import { Alert, Box, Button, Container, Group, ScrollArea, Skeleton, Title } from '@mantine/core';
import { NavLink } from 'react-router';
import { useCategories } from '../api/get-categories';

/** The home layout's 'Select Your Brand' heading and its horizontal strip of category tabs. */
export function BrandStrip() {
  const categories = useCategories();
  return (
    <Container size="xl" py="lg">
      <Title order={2} ta="center" mb="md">
        Select Your Brand
      </Title>
      {categories.isPending && (
        <Group justify="center" gap="sm" aria-busy="true" aria-label="Loading brands">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={36} w={96} radius="xl" />
          ))}
        </Group>
      )}
      {categories.isError && (
        <Alert color="red" title="Brands could not be loaded" maw={480} mx="auto">
          <Button size="xs" variant="light" color="red" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {categories.data && (
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Box component="nav" aria-label="Brands">
            <Group gap="sm" wrap="nowrap" justify="center" py={4} role="list">
              {categories.data.map((category) => (
                <Box role="listitem" key={category._id}>
                  <NavLink to={`/category/products/${category.id}`} style={{ textDecoration: 'none' }}>
                    {({ isActive }) => (
                      <Button component="span" radius="xl" variant={isActive ? 'filled' : 'default'}>
                        {category.name}
                      </Button>
                    )}
                  </NavLink>
                </Box>
              ))}
            </Group>
          </Box>
        </ScrollArea>
      )}
    </Container>
  );
}

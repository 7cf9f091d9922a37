import { Alert, Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getQueryClient } from 'runtime-kernel';
import { AlertIcon } from '@/shared/components/icons';
import { useT } from '@/features/blogs/i18n';
import { blogsQueryOptions, useBlogs } from '../api/get-blogs';
import { BlogCard } from '../components/BlogCard';

/** Starts the request with the navigation; the page shows its skeleton instead of blocking on it. */
export function blogsLoader() {
  void getQueryClient().prefetchQuery(blogsQueryOptions());
  return null;
}

export function BlogsPage() {
  const t = useT();
  const { data: blogs, isPending, isError, error, refetch, isRefetching } = useBlogs();

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px="md">
      <Stack gap={4} mb="xl" ta="center">
        <Title order={1}>{t('blogs.title')}</Title>
        <Text c="dimmed">{t('blogs.intro')}</Text>
      </Stack>

      {isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label={t('blogs.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Card key={i} withBorder radius="lg" padding="lg">
              <Skeleton height={22} width="80%" mb="md" />
              <Skeleton height={12} mb={8} />
              <Skeleton height={12} mb={8} />
              <Skeleton height={12} width="60%" />
            </Card>
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          title={t('blogs.failed')}
          role="alert"
          maw={560}
          mx="auto"
        >
          <Stack gap="sm">
            <Text size="sm">{error.message || t('blogs.checkConnection')}</Text>
            <Button
              variant="filled"
              color="red.9"
              w="fit-content"
              onClick={() => void refetch()}
              loading={isRefetching}
            >
              {t('blogs.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      ) : blogs.length === 0 ? (
        <Card withBorder radius="lg" padding="xl" maw={560} mx="auto" ta="center" data-testid="blogs-empty">
          <Title order={2} fz="lg">
            {t('blogs.emptyTitle')}
          </Title>
          <Text c="dimmed" mt={6}>
            {t('blogs.emptyText')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {blogs.map((blog, i) => (
            <BlogCard key={blog._id} blog={blog} index={i} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

import { Alert, Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getQueryClient } from 'shared-auth';
import { AlertIcon } from '@/shared/components/icons';
import { blogsQueryOptions, useBlogs } from '../api/get-blogs';
import { BlogCard } from '../components/BlogCard';

/** Starts the request with the navigation; the page shows its skeleton instead of blocking on it. */
export function blogsLoader() {
  void getQueryClient().prefetchQuery(blogsQueryOptions());
  return null;
}

export function BlogsPage() {
  const { data: blogs, isPending, isError, error, refetch, isRefetching } = useBlogs();

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} px="md">
      <Stack gap={4} mb="xl" ta="center">
        <Title order={1}>Blogs</Title>
        <Text c="dimmed">Questions people ask us about the web, answered.</Text>
      </Stack>

      {isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label="Loading blogs">
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
          title="The blogs could not be loaded"
          role="alert"
          maw={560}
          mx="auto"
        >
          <Stack gap="sm">
            <Text size="sm">{error.message || 'Check your connection and try again.'}</Text>
            <Button
              variant="filled"
              color="red.9"
              w="fit-content"
              onClick={() => void refetch()}
              loading={isRefetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : blogs.length === 0 ? (
        <Card withBorder radius="lg" padding="xl" maw={560} mx="auto" ta="center" data-testid="blogs-empty">
          <Title order={2} fz="lg">
            No posts yet
          </Title>
          <Text c="dimmed" mt={6}>
            We have not published any questions and answers yet. Check back soon.
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

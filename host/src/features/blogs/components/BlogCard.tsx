import { Badge, Card, Group, Text, Title } from '@mantine/core';
import type { Blog } from 'shared-contracts/blogs';
import { useT } from '@/features/blogs/i18n';

export function BlogCard({ blog, index }: { blog: Blog; index: number }) {
  const t = useT();
  const headingId = `blog-${blog._id}`;
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      aria-labelledby={headingId}
      h="100%"
    >
      <Group gap="sm" align="flex-start" wrap="nowrap" mb="sm">
        <Badge
          size="lg"
          radius="sm"
          variant="light"
          aria-hidden
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {t('blogCard.number', { number: index + 1 })}
        </Badge>
        <Title order={2} id={headingId} fz="lg" lh={1.35}>
          {blog.question}
        </Title>
      </Group>
      <Text style={{ whiteSpace: 'pre-line' }} lh={1.65}>
        {blog.answer}
      </Text>
    </Card>
  );
}

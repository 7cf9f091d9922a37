import { Stack, Text, Title } from '@mantine/core';

export function SectionHeader({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Text tt="uppercase" fw={700} size="sm" c="dimmed" style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title order={2} id={id}>
        {title}
      </Title>
    </Stack>
  );
}

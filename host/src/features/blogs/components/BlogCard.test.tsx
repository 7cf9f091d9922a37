import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { useAuthStore } from 'runtime-kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { BlogCard } from './BlogCard';

const blog = {
  _id: 'b1',
  question: 'What is the difference between SQL and NoSQL?',
  answer: 'SQL databases are relational.',
};

function renderCard(index: number) {
  return render(
    <MantineProvider>
      <BlogCard blog={blog} index={index} />
    </MantineProvider>,
  );
}

describe('BlogCard', () => {
  afterEach(() => useAuthStore.getState().setLanguage('en'));

  it('numbers the question Q1, Q2… in English', () => {
    renderCard(11);
    expect(screen.getByText('Q12')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: blog.question })).toHaveTextContent(blog.answer);
  });

  it('numbers the question in Bangla words and digits in Bangla', () => {
    useAuthStore.getState().setLanguage('bn');
    renderCard(11);
    expect(screen.getByText('প্রশ্ন ১২')).toBeInTheDocument();
  });
});

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Blog } from 'shared-contracts/blogs';

export const getBlogs = (signal?: AbortSignal) => apiRequest<Blog[]>('/blogs', { signal });

export const blogsQueryOptions = () =>
  queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

export const useBlogs = () => useQuery(blogsQueryOptions());

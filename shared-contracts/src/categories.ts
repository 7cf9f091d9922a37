import { z } from './zod';

/** Category ids are the original client's two-digit strings ('01'…'04'+); `_id` carries the same value. */
export const CategoryIdSchema = z.string().regex(/^\d{2,4}$/, 'category id is 2–4 digits');

export const CategorySchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);
export type CategoryList = z.infer<typeof CategoryListSchema>;

export { DEFAULT_CATEGORY_ID } from './category-defaults';

// Plain values, no schema: the browser imports these without pulling zod into its page code.

/** `/category` opens this category (docs/product.md#sign-in). */
export const DEFAULT_CATEGORY_ID = '04';

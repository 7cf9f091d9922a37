/** docs/product.md#home-page: recent product cards cut the description at 60 characters. */
export const DESCRIPTION_LIMIT = 60;

export function truncate(text: string, limit = DESCRIPTION_LIMIT): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

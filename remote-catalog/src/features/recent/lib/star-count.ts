/** docs/product.md#home-page: a rating of 3 or 4 shows that many stars; any other value (or none) shows five. */
export function starCount(rating: number | null | undefined): number {
  return rating === 3 || rating === 4 ? rating : 5;
}

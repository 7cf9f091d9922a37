/**
 * The WAI-ARIA carousel pattern's keys: ←/→ one slide, Home/End the first and the last. Returns
 * the slide a key asks for (the caller wraps or clamps it), or undefined for any other key.
 */
export function slideForKey(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowRight: index + 1,
    Home: 0,
    End: count - 1,
  };
  return moves[key];
}

import type { TypingConfig } from '@/shared/typewriter/typewriter';

// docs/product.md#home-page (brand names spelled as the brands spell them): loop 5, type 70 ms, delete 50 ms,
// delay 1000 ms.
export const HOME_TYPING: TypingConfig = {
  words: ['Dell', 'HP', 'Lenovo', 'Apple'],
  loop: 5,
  typeSpeed: 70,
  deleteSpeed: 50,
  delaySpeed: 1000,
};

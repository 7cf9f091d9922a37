import { HOME_TYPING } from '@/features/home/lib/home-typing';
import { DEFAULT_TYPING, type TypingConfig } from '@/shared/typewriter/typewriter';

// The home page's and the brand strip's typing settings, for the typewriter's own tests.
export const BRANDS_TYPING: TypingConfig = HOME_TYPING;
export const HEADING_TYPING: TypingConfig = { ...DEFAULT_TYPING, words: ['Select Your Brand'] };

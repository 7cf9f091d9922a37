import slide1Small from '../assets/slide-1-800.webp';
import slide1Large from '../assets/slide-1-1600.webp';
import slide2Small from '../assets/slide-2-800.webp';
import slide2Large from '../assets/slide-2-1600.webp';
import slide3Small from '../assets/slide-3-800.webp';
import slide3Large from '../assets/slide-3-1600.webp';
import slide4Small from '../assets/slide-4-800.webp';
import slide4Large from '../assets/slide-4-1600.webp';

/** A slide's words are the catalog's messages `home.slides.<key>.*` (eyebrow, title, text, cta, alt). */
export type SlideKey = 'premium' | 'business' | 'gaming' | 'sellers';

export interface Slide {
  key: SlideKey;
  to: string;
  image: { small: string; large: string };
}

// The art is 1600×640 (2.5:1); both renditions are declared so the browser picks by width.
export const SLIDE_WIDTH = 1600;
export const SLIDE_HEIGHT = 640;
export const SLIDE_SIZES = '(min-width: 1320px) 1288px, 100vw';
export const slideSrcSet = (slide: Slide) => `${slide.image.small} 800w, ${slide.image.large} 1600w`;

// docs/product.md#home-page: a carousel of 4 slides.
export const SLIDES: Slide[] = [
  { key: 'premium', to: '/category/products/04', image: { small: slide1Small, large: slide1Large } },
  { key: 'business', to: '/category/products/01', image: { small: slide2Small, large: slide2Large } },
  { key: 'gaming', to: '/category/products/02', image: { small: slide3Small, large: slide3Large } },
  { key: 'sellers', to: '/dashboard/add-products', image: { small: slide4Small, large: slide4Large } },
];

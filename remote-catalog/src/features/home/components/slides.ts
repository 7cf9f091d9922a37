import slide1Small from '../assets/slide-1-800.webp';
import slide1Large from '../assets/slide-1-1600.webp';
import slide2Small from '../assets/slide-2-800.webp';
import slide2Large from '../assets/slide-2-1600.webp';
import slide3Small from '../assets/slide-3-800.webp';
import slide3Large from '../assets/slide-3-1600.webp';
import slide4Small from '../assets/slide-4-800.webp';
import slide4Large from '../assets/slide-4-1600.webp';

export interface Slide {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  image: { small: string; large: string; alt: string };
}

// The art is 1600×640 (2.5:1); both renditions are declared so the browser picks by width.
export const SLIDE_WIDTH = 1600;
export const SLIDE_HEIGHT = 640;
export const SLIDE_SIZES = '(min-width: 1320px) 1288px, 100vw';
export const slideSrcSet = (slide: Slide) => `${slide.image.small} 800w, ${slide.image.large} 1600w`;

// docs/product.md#home-page: a carousel of 4 slides.
export const SLIDES: Slide[] = [
  {
    eyebrow: 'Pre-owned, checked, fairly priced',
    title: 'Premium laptops at second-hand prices',
    text: 'MacBooks, XPS, ThinkPads and more from sellers near you, each with its condition and years of use spelled out.',
    cta: { label: 'Browse Apple', to: '/category/products/04' },
    image: { small: slide1Small, large: slide1Large, alt: 'An open laptop on an indigo background' },
  },
  {
    eyebrow: 'Business class',
    title: 'Workhorses that still have years in them',
    text: 'Dell Latitude and Lenovo ThinkPad machines retired from offices: sturdy keyboards, long batteries, low prices.',
    cta: { label: 'Browse Dell', to: '/category/products/01' },
    image: {
      small: slide2Small,
      large: slide2Large,
      alt: 'A laptop showing a bar chart on a blue background',
    },
  },
  {
    eyebrow: 'Gaming',
    title: 'High refresh rates, resale prices',
    text: 'HP Omen, Lenovo Legion and Asus ROG laptops with dedicated graphics for a fraction of their launch price.',
    cta: { label: 'Browse HP', to: '/category/products/02' },
    image: {
      small: slide3Small,
      large: slide3Large,
      alt: 'A laptop showing a mountain landscape on a purple background',
    },
  },
  {
    eyebrow: 'For sellers',
    title: 'Your old laptop is worth something',
    text: 'List it in minutes with a photo and a price; buyers book it and meet you where it suits you.',
    cta: { label: 'Sell a laptop', to: '/dashboard/add-products' },
    image: {
      small: slide4Small,
      large: slide4Large,
      alt: 'A laptop showing a price tag on a green background',
    },
  },
];

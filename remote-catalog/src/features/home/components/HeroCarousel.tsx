import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { Button } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { Link } from 'react-router';
import { StrokeIcon as Icon } from '@/shared/components/StrokeIcon';
import { slideForKey } from '@/shared/lib/carousel-keys';
import { SLIDE_HEIGHT, SLIDE_SIZES, SLIDE_WIDTH, SLIDES, slideSrcSet } from './slides';
import * as classes from './HeroCarousel.module.css';
import { useT } from '@/shared/i18n';

export const AUTOPLAY_MS = 6000;
/** How long a slide takes to slide in (HeroCarousel.module.css, .track's transition and keyframes). */
export const SLIDE_MS = 600;
const SWIPE_PX = 40;

/**
 * The slide the CSS slide show (HeroCarousel.module.css, data-slideshow="css") shows `elapsed` ms after it
 * started: each slide stays AUTOPLAY_MS, the last SLIDE_MS of it sliding to the next, which counts
 * as shown once it starts to come in.
 */
export function slideAtTime(elapsed: number, count: number) {
  return Math.floor((elapsed + SLIDE_MS) / AUTOPLAY_MS) % count;
}

/** The slide the track's CSS slide show has reached, or 0 when it is not running. */
function slideShownByCss(track: HTMLElement | null, count: number) {
  const show = track?.getAnimations?.().find((a) => a.currentTime !== null);
  const elapsed = Number(show?.currentTime ?? 0);
  return slideAtTime(elapsed, count);
}

/**
 * The home page's 4-slide carousel (WAI-ARIA carousel pattern). It advances on its own, but
 * stops while the pointer is over it or focus is inside it, when the visitor presses Pause,
 * and entirely under prefers-reduced-motion. Arrow keys, Home and End move between slides.
 *
 * Until the app runs (a signed-out reader may never start it, docs/decisions/0041) the slide show
 * is CSS: keyframes move the track and show the current slide and dot, pausing on hover and
 * focus. Once the app runs it takes over from the slide the CSS has reached.
 */
export function HeroCarousel() {
  const t = useT();
  const count = SLIDES.length;
  const trackRef = useRef<HTMLDivElement>(null);
  // The server's markup and the hydration's are the CSS slide show; the effect below hands over.
  const [scripted, setScripted] = useState(false);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const reducedMotion = useReducedMotion() ?? false;
  const swipeStart = useRef<number | null>(null);

  const go = useCallback(
    (next: number) => {
      const target = (next + count) % count;
      setIndex(target);
    },
    [count],
  );

  const autoplaying = !reducedMotion && !userPaused;
  const running = autoplaying && !hovered && !focused;

  useEffect(() => {
    go(slideShownByCss(trackRef.current, count));
    setScripted(true);
  }, [go, count]);

  useEffect(() => {
    if (!running || !scripted) return;
    const timer = setTimeout(() => go(index + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [running, scripted, index, go]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = slideForKey(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label={t('home.featuredOffers')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      data-testid="hero-carousel"
      data-autoplay={running ? 'running' : 'paused'}
      data-slideshow={scripted ? 'script' : 'css'}
    >
      <div className={classes.viewport} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <div
          ref={trackRef}
          className={classes.track}
          style={{ transform: `translateX(-${index * 100}%)` }}
          // Screen readers hear slide changes only when the visitor caused them.
          aria-live={running || !scripted ? 'off' : 'polite'}
        >
          {SLIDES.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.key}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('home.slidePosition', { index: i + 1, count })}
                // In the CSS slide show, CSS hides the slides not shown (visibility) instead.
                aria-hidden={scripted ? !active : undefined}
                inert={scripted ? !active : undefined}
                style={{ '--slide': i } as CSSProperties}
              >
                {/* Every slide's art is in the markup (the CSS slide show reaches each one without
                    script); the browser loads the lazy ones as they come near. */}
                <img
                  className={classes.image}
                  srcSet={slideSrcSet(slide)}
                  sizes={SLIDE_SIZES}
                  src={slide.image.large}
                  alt={t(`home.slides.${slide.key}.alt`)}
                  width={SLIDE_WIDTH}
                  height={SLIDE_HEIGHT}
                  // The first slide is the page's largest image: fetched first, never lazily.
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
                <div className={classes.scrim} />
                <div className={classes.content}>
                  <p className={classes.eyebrow}>{t(`home.slides.${slide.key}.eyebrow`)}</p>
                  <p className={classes.title}>{t(`home.slides.${slide.key}.title`)}</p>
                  <p className={classes.text}>{t(`home.slides.${slide.key}.text`)}</p>
                  <Button
                    component={Link}
                    to={slide.to}
                    color="white"
                    c="dark"
                    w="fit-content"
                    size="md"
                    mt={4}
                  >
                    {t(`home.slides.${slide.key}.cta`)}
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      <div className={classes.controls}>
        <ul className={classes.dots} aria-label={t('home.chooseSlide')}>
          {SLIDES.map((slide, i) => (
            <li key={slide.key}>
              <button
                type="button"
                className={classes.dot}
                style={{ '--slide': i } as CSSProperties}
                aria-label={t('home.slideName', { index: i + 1, title: t(`home.slides.${slide.key}.title`) })}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            </li>
          ))}
        </ul>
        <div className={classes.buttons}>
          {!reducedMotion && (
            <button
              type="button"
              className={classes.control}
              onClick={() => setUserPaused((p) => !p)}
              aria-label={userPaused ? t('home.startSlideShow') : t('home.stopSlideShow')}
            >
              <Icon d={userPaused ? 'M8 5v14l11-7z' : 'M9 5v14M15 5v14'} />
            </button>
          )}
          <button
            type="button"
            className={classes.control}
            onClick={() => go(index - 1)}
            aria-label={t('home.previousSlide')}
          >
            <Icon d="M15 5l-7 7 7 7" />
          </button>
          <button
            type="button"
            className={classes.control}
            onClick={() => go(index + 1)}
            aria-label={t('home.nextSlide')}
          >
            <Icon d="M9 5l7 7-7 7" />
          </button>
        </div>
      </div>
    </section>
  );
}

import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { ProductImage } from '@/shared/components/ProductImage';
import { StrokeIcon } from '@/shared/components/StrokeIcon';
import { slideForKey } from '@/shared/lib/carousel-keys';
import * as classes from './PhotoGallery.module.css';
import { useT } from '@/shared/i18n';

/** The photo column is half of the lg container from md (62em) up, the full width on phones. */
const GALLERY_SIZES = '(min-width: 62em) 560px, 100vw';
const RADIUS = 'var(--mantine-radius-md)';

interface PhotoGalleryProps {
  /** Every photo, the cover first (shared-contracts/products). */
  photos: string[];
  alt: string;
}

/**
 * The listing's photos. The cover is the page's LCP image: server-rendered, eager, fetched first
 * (docs/product.md#first-paint); the others load lazily. One photo needs no carousel at all.
 */
export function PhotoGallery({ photos, alt }: PhotoGalleryProps) {
  if (photos.length <= 1) {
    return (
      <ProductImage src={photos[0] ?? ''} alt={alt} sizes={GALLERY_SIZES} highPriority radius={RADIUS} />
    );
  }
  return <PhotoCarousel photos={photos} alt={alt} />;
}

/**
 * Swiping and its physics come from Embla (docs/decisions/0020-details-gallery.md); the page keeps
 * the selected photo in state so the server and the first client render agree before Embla starts.
 */
function PhotoCarousel({ photos, alt }: PhotoGalleryProps) {
  const t = useT();
  const count = photos.length;
  const [index, setIndex] = useState(0);
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, align: 'start' });

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const go = useCallback(
    (next: number) => {
      const target = Math.min(Math.max(next, 0), count - 1);
      setIndex(target);
      embla?.scrollTo(target);
    },
    [count, embla],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const next = slideForKey(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  return (
    <section
      className={classes.root}
      aria-roledescription="carousel"
      aria-label={t('details.photosOf', { name: alt })}
      onKeyDown={onKeyDown}
      data-testid="details-gallery"
    >
      <div className={classes.stage}>
        <div className={classes.viewport} ref={viewportRef}>
          <div className={classes.track}>
            {photos.map((photo, i) => (
              <div
                key={`${i}-${photo}`}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('details.photoPosition', { index: i + 1, count })}
                aria-hidden={i !== index}
              >
                <ProductImage
                  src={photo}
                  alt={i === 0 ? alt : t('details.photoAlt', { name: alt, index: i + 1 })}
                  sizes={GALLERY_SIZES}
                  highPriority={i === 0}
                />
              </div>
            ))}
          </div>
        </div>
        <button
          type="button"
          className={`${classes.arrow} ${classes.previous}`}
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('details.previousPhoto')}
        >
          <StrokeIcon d="M15 5l-7 7 7 7" />
        </button>
        <button
          type="button"
          className={`${classes.arrow} ${classes.next}`}
          onClick={() => go(index + 1)}
          disabled={index === count - 1}
          aria-label={t('details.nextPhoto')}
        >
          <StrokeIcon d="M9 5l7 7-7 7" />
        </button>
        {/* Visible counter and, for screen readers, the announcement of each change. */}
        <p className={classes.counter} aria-live="polite" aria-atomic="true" data-testid="gallery-position">
          {t('details.photoPosition', { index: index + 1, count })}
        </p>
      </div>
      <ul className={classes.thumbs} aria-label={t('details.choosePhoto')}>
        {photos.map((photo, i) => (
          <li key={`${i}-${photo}`} className={classes.thumbItem}>
            <button
              type="button"
              className={classes.thumb}
              onClick={() => go(i)}
              aria-label={t('details.showPhoto', { index: i + 1, count })}
              aria-current={i === index}
            >
              <ProductImage src={photo} alt="" sizes="80px" radius="var(--mantine-radius-sm)" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

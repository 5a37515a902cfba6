import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useTranslation } from 'react-i18next';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { NEWS_IMAGE_HEIGHT, NewsCard } from './news-card';
import classes from './news-carousel.module.css';

type Props = { news: TNews[]; slidesPerView: number; onReadMore: (news: TNews) => void };

/**
 * Where the carousel stands before embla has started: on the first card, with one step for each
 * card past the first view (embla's count with `trimSnaps`). The arrows wait for embla.
 */
type Position = { index: number; count: number; canGoBack: boolean; canGoOn: boolean };

const startingPosition = (cards: number, slidesPerView: number): Position => ({
  index: 0,
  count: Math.max(1, cards - slidesPerView + 1),
  canGoBack: false,
  canGoOn: false,
});

/** How far below the screen (or above it) the carousel starts to scroll itself. */
const START_MARGIN = '300px';

/**
 * Whether the element has come within START_MARGIN of the screen, or `reach` was called (a pointer
 * or the keyboard reached it first). Stays true from then on.
 */
function useNearScreen(
  elementRef: RefObject<Element | null>,
): [isNear: boolean, reach: () => void] {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = elementRef.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: START_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementRef, isNear]);
  return [isNear, () => setNear(true)];
}

const EMBLA_OPTIONS: EmblaOptionsType = {
  align: 'start',
  containScroll: 'trimSnaps',
  slidesToScroll: 1,
};

/**
 * embla on the viewport once `isStarted`: its code is fetched then (a chunk of its own, off the
 * first load), and it is destroyed with the carousel.
 */
function useEmbla(
  viewportRef: RefObject<HTMLDivElement | null>,
  isStarted: boolean,
): EmblaCarouselType | null {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!isStarted || !viewport) return;
    let started: EmblaCarouselType | null = null;
    let isCancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (isCancelled) return;
      started = EmblaCarousel(viewport, EMBLA_OPTIONS);
      setEmbla(started);
    });
    return () => {
      isCancelled = true;
      started?.destroy();
      setEmbla(null);
    };
  }, [viewportRef, isStarted]);
  return embla;
}

/**
 * The home page's news, `slidesPerView` cards at a time, one card a step (embla). Built on embla
 * itself rather than Mantine's carousel, whose slide labels and "Slide 1 of 2" are English only:
 * every word here is the page's language, and /home loads less script.
 *
 * embla measures every slide when it starts, which cost a phone about 10 ms in the task that
 * hydrates /home, and its code is 7 kB gzip of /home's first load. It is fetched and started when
 * the carousel nears the screen or a pointer or the keyboard reaches it; until then the cards sit
 * in the same row, unmoved, and the arrows wait.
 */
export function NewsCarousel({ news, slidesPerView, onReadMore }: Props) {
  const { t } = useTranslation();
  const regionRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [isNear, reach] = useNearScreen(regionRef);
  const embla = useEmbla(viewportRef, isNear);
  const [emblaPosition, setPosition] = useState<Position | null>(null);
  const position = (embla && emblaPosition) ?? startingPosition(news.length, slidesPerView);
  const hasControls = news.length > slidesPerView;

  useEffect(() => {
    if (!embla) return;
    const update = () =>
      setPosition({
        index: embla.selectedScrollSnap(),
        count: embla.scrollSnapList().length,
        canGoBack: embla.canScrollPrev(),
        canGoOn: embla.canScrollNext(),
      });
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') embla?.scrollPrev();
    if (event.key === 'ArrowRight') embla?.scrollNext();
  };

  return (
    <div
      ref={regionRef}
      role="region"
      aria-roledescription={t('home.carouselRole')}
      aria-label={t('home.newsTitle')}
      className={classes.root}
      data-with-controls={hasControls || undefined}
      data-one-per-view={slidesPerView === 1 || undefined}
      style={{ '--news-image-height': `${NEWS_IMAGE_HEIGHT}px` } as CSSProperties}
      onKeyDown={handleKeyDown}
      onPointerEnter={reach}
      onFocus={reach}
      data-testid="news-carousel"
    >
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {position.count > 0 &&
          t('home.slideStatus', { index: position.index + 1, total: position.count })}
      </VisuallyHidden>
      <div className={classes.viewport} ref={viewportRef}>
        <div
          className={classes.container}
          style={{ '--slides-per-view': slidesPerView } as CSSProperties}
        >
          {news.map((item) => (
            <div
              key={item.ID}
              className={classes.slide}
              role="group"
              aria-roledescription={t('home.slideRole')}
              aria-label={item.newsTitle}
            >
              <NewsCard news={item} onReadMore={onReadMore} />
            </div>
          ))}
        </div>
      </div>
      {hasControls && (
        <>
          <UnstyledButton
            className={`${classes.control} ${classes.previous}`}
            onClick={() => embla?.scrollPrev()}
            disabled={!position.canGoBack}
            aria-label={t('home.previousNews')}
          >
            <IconChevronDown size={18} aria-hidden />
          </UnstyledButton>
          <UnstyledButton
            className={`${classes.control} ${classes.next}`}
            onClick={() => embla?.scrollNext()}
            disabled={!position.canGoOn}
            aria-label={t('home.nextNews')}
          >
            <IconChevronDown size={18} aria-hidden />
          </UnstyledButton>
        </>
      )}
    </div>
  );
}

import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconArrowAutofitWidth,
  IconExternalLink,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
// The worker is a file of our own build, served from the portal's origin (CSP: worker-src 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import classes from './pdf-document-viewer.module.css';
import {
  fitWidthScale,
  nextZoomStep,
  openingScale,
  ZOOM_TOLERANCE,
  type OpeningFit,
} from './pdf-zoom';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** The page's CSP forbids eval; pdf.js then draws fonts the slower, CSP-safe way. */
const DOCUMENT_OPTIONS = { isEvalSupported: false };

/** portal.md §9: the viewer is 1000 × 600 on a desktop; pages fit its width and scroll inside. */
const MAX_PAGE_WIDTH = 1000;

export type PdfDocumentViewerProps = {
  /** Where the PDF is served (same origin: `/uploads/…`): the Preview link, and what is shown. */
  fileUrl: string;
  /**
   * The PDF already fetched (a customer's receipt): shown from memory, so the page does not ask
   * the server a second time. pdf.js reads a Blob itself; a blob: URL would need `connect-src
   * blob:` in the page's CSP.
   */
  fileData?: Blob;
  /** The document's name, for the viewer's label and the Preview link. */
  title: string;
  /** How it opens (pdf-zoom.ts): a text `readable` (the default), a form such as a receipt `fit-width`. */
  openingFit?: OpeningFit;
};

/**
 * A paged PDF viewer (portal.md §2): Previous / Next, 'Page X of Y' and Preview in a new tab,
 * and zoom (out, in, fit to width; also − and + on the page). Pages fit the width; a text to
 * read never opens below its own size (on a phone the page scrolls inside its frame, not the
 * site), a form such as a receipt opens whole.
 * The text layer keeps the words selectable and readable by screen readers; the context menu is
 * off, as the spec asks. A missing or damaged file says so and offers the file itself.
 */
export function PdfDocumentViewer({
  fileUrl,
  fileData,
  title,
  openingFit = 'readable',
}: PdfDocumentViewerProps) {
  const { t } = useTranslation('documents');
  const { t: tCommon } = useTranslation();
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [hasFailed, setHasFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The page fits the frame's inner width, measured on a box inside its padding.
  const { ref: measureRef, width: frameWidth } = useElementSize<HTMLDivElement>();
  const frameRef = useRef<HTMLDivElement | null>(null);
  // The page's width at scale 1, in CSS px (PDF points).
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const [chosenScale, setChosenScale] = useState<number | null>(null);

  const fitScale =
    frameWidth > 0 && naturalWidth
      ? fitWidthScale(Math.min(frameWidth, MAX_PAGE_WIDTH), naturalWidth)
      : null;
  const scale = chosenScale ?? (fitScale === null ? null : openingScale(fitScale, openingFit));
  const pageWidth =
    scale !== null && naturalWidth !== null ? Math.floor(naturalWidth * scale) : undefined;
  const zoomInTo = scale === null ? null : nextZoomStep(scale, 1);
  const zoomOutTo = scale === null ? null : nextZoomStep(scale, -1);
  const isFitted =
    scale !== null && fitScale !== null && Math.abs(scale - fitScale) < ZOOM_TOLERANCE;
  const file = useMemo(() => fileData ?? { url: fileUrl }, [fileData, fileUrl]);

  const goTo = (next: number) => {
    if (pageCount === null || next < 1 || next > pageCount) return;
    setPageNumber(next);
    frameRef.current?.scrollTo({ top: 0 });
  };

  const zoomTo = (next: number | null) => {
    if (next !== null) setChosenScale(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrows turn pages only when the page has no room to scroll sideways.
    const frame = frameRef.current;
    const canScrollSideways = frame !== null && frame.scrollWidth > frame.clientWidth;
    if (event.key === 'ArrowRight' && !canScrollSideways) goTo(pageNumber + 1);
    if (event.key === 'ArrowLeft' && !canScrollSideways) goTo(pageNumber - 1);
    if (event.key === '+' || event.key === '=') zoomTo(zoomInTo);
    if (event.key === '-') zoomTo(zoomOutTo);
  };

  const previewLink = (
    <Button
      component="a"
      href={fileUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      rightSection={<IconExternalLink size={16} aria-hidden />}
      aria-label={t('viewer.previewLabel', { title })}
    >
      {t('viewer.preview')}
    </Button>
  );

  if (hasFailed) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('viewer.errorTitle')}
        icon={<IconAlertCircle size={20} aria-hidden />}
        maw={MAX_PAGE_WIDTH}
        mx="auto"
        data-testid="document-viewer-error"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('viewer.errorText')}</Text>
          <Group gap="sm">
            <Button
              component="a"
              href={fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="white"
              color="red"
              rightSection={<IconExternalLink size={14} aria-hidden />}
            >
              {t('viewer.openDocument')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => {
                setHasFailed(false);
                setAttempt((count) => count + 1);
              }}
            >
              {tCommon('common.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="sm" data-testid="document-viewer" onContextMenu={(event) => event.preventDefault()}>
      <Group className={classes.toolbar} justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            onClick={() => goTo(pageNumber - 1)}
            disabled={pageCount === null || pageNumber <= 1}
          >
            {t('viewer.previous')}
          </Button>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={() => goTo(pageNumber + 1)}
            disabled={pageCount === null || pageNumber >= pageCount}
          >
            {t('viewer.next')}
          </Button>
        </Group>
        <Text fw={500} role="status" aria-live="polite" data-testid="document-viewer-page">
          {pageCount === null ? '' : t('viewer.pageOf', { page: pageNumber, total: pageCount })}
        </Text>
        {previewLink}
      </Group>
      <Group
        className={classes.toolbar}
        gap="xs"
        wrap="nowrap"
        role="group"
        aria-label={t('viewer.zoomLabel')}
      >
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => zoomTo(zoomOutTo)}
          disabled={zoomOutTo === null}
          aria-label={t('viewer.zoomOut')}
          data-testid="document-viewer-zoom-out"
        >
          <IconZoomOut size={18} aria-hidden />
        </ActionIcon>
        <Text
          size="sm"
          fw={500}
          miw={52}
          ta="center"
          role="status"
          aria-live="polite"
          data-testid="document-viewer-zoom"
        >
          {scale !== null && (
            <>
              <VisuallyHidden>{t('viewer.zoomLabel')} </VisuallyHidden>
              {t('viewer.zoomLevel', { percent: Math.round(scale * 100) })}
            </>
          )}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => zoomTo(zoomInTo)}
          disabled={zoomInTo === null}
          aria-label={t('viewer.zoomIn')}
          data-testid="document-viewer-zoom-in"
        >
          <IconZoomIn size={18} aria-hidden />
        </ActionIcon>
        <Button
          variant="default"
          leftSection={<IconArrowAutofitWidth size={16} aria-hidden />}
          onClick={() => zoomTo(fitScale)}
          disabled={fitScale === null || isFitted}
        >
          {t('viewer.fitWidth')}
        </Button>
      </Group>
      <div
        ref={frameRef}
        className={classes.frame}
        role="region"
        aria-label={t('viewer.regionLabel', { title })}
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        <div ref={measureRef}>
          <Document
            key={attempt}
            file={file}
            options={DOCUMENT_OPTIONS}
            onLoadSuccess={(document) => {
              setPageCount(document.numPages);
              setPageNumber(1);
              void document
                .getPage(1)
                .then((page) => setNaturalWidth(page.getViewport({ scale: 1 }).width))
                .catch(() => setHasFailed(true));
            }}
            onLoadError={() => setHasFailed(true)}
            onSourceError={() => setHasFailed(true)}
            loading={<ViewerLoading label={t('viewer.loading')} />}
            error={null}
          >
            {pageWidth !== undefined && (
              <Page
                className={classes.page}
                pageNumber={pageNumber}
                width={pageWidth}
                onLoadSuccess={(page) => setNaturalWidth(page.originalWidth)}
                loading={<ViewerLoading label={t('viewer.pageLoading', { page: pageNumber })} />}
                onRenderError={() => setHasFailed(true)}
              />
            )}
          </Document>
        </div>
      </div>
    </Stack>
  );
}

function ViewerLoading({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-busy="true">
      <Text size="sm" c="dimmed" role="status">
        {label}
      </Text>
      <Skeleton height={520} radius="sm" />
    </Stack>
  );
}

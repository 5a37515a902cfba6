import { lazy, Suspense } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { loadNamespace } from '@/i18n/i18n';
import type { PdfDocumentViewerProps } from './pdf-document-viewer';

/** pdf.js and its worker are large: they load with the first document shown, never before. */
const PdfDocumentViewer = lazy(() =>
  Promise.all([import('./pdf-document-viewer'), loadNamespace('documents')]).then(([module]) => ({
    default: module.PdfDocumentViewer,
  })),
);

/** The paged PDF viewer, loaded on demand (terms, privacy policy, the sign-up agreement). */
export function DocumentViewer(props: PdfDocumentViewerProps) {
  return (
    <Suspense fallback={<DocumentViewerSkeleton />}>
      <PdfDocumentViewer {...props} />
    </Suspense>
  );
}

function DocumentViewerSkeleton() {
  return (
    <Stack gap="sm" maw={1000} mx="auto" aria-busy="true" data-testid="document-viewer-loading">
      <Skeleton height={36} radius="md" />
      <Skeleton height={600} radius="md" />
    </Stack>
  );
}

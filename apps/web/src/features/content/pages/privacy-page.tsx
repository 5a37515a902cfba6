import { LegalDocumentPage } from '../components/legal-document-page';

/** /privacypolicy: the company's privacy document, or the built-in POPIA-based policy. */
export function PrivacyPage() {
  return <LegalDocumentPage kind="privacy" />;
}

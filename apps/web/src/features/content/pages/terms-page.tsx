import { LegalDocumentPage } from '../components/legal-document-page';

/** /termcondition: the company's terms document, or the built-in terms of service. */
export function TermsPage() {
  return <LegalDocumentPage kind="terms" />;
}

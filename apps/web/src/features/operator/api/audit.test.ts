import { describe, expect, it } from 'vitest';
import { auditSearch, NO_AUDIT_FILTERS } from './audit';

describe('auditSearch', () => {
  it('sends only the filters set, trimmed, and the cursor', () => {
    expect(auditSearch({ ...NO_AUDIT_FILTERS, action: ' staff ' }, 'abc')).toBe(
      'action=staff&cursor=abc',
    );
    expect(auditSearch(NO_AUDIT_FILTERS, null)).toBe('');
  });

  it('includes the "to" day by asking up to the next one', () => {
    expect(auditSearch({ ...NO_AUDIT_FILTERS, from: '2026-11-01', to: '2026-11-30' }, null)).toBe(
      'from=2026-11-01&to=2026-12-01',
    );
  });
});

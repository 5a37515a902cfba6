import { expect, it } from 'vitest';
import { toBusinessUnitSlug } from './get-product-services';

it('drops slashes from a business name for its route', () => {
  expect(toBusinessUnitSlug('Backup/Disaster Recovery')).toBe('BackupDisaster Recovery');
  expect(toBusinessUnitSlug('Cloud Infrastructure')).toBe('Cloud Infrastructure');
});

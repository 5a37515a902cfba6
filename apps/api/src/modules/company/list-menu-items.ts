import { asc, eq } from 'drizzle-orm';
import type { TMenuItem } from '@cloud-portal/contract/company/get-dropdown-list';
import type { Database } from '../../db/client';
import { menuItems } from '../../db/schema/company';
import { toMenuItem } from './serializers';

export async function listMenuItems(db: Database, companyId: number): Promise<TMenuItem[]> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.companyId, companyId))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  return rows.map(toMenuItem);
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithMail } from '../../../test/support/test-app';
import { post, signUpAndLogIn } from '../../../test/support/accounts';

const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../db/migrations',
);

/**
 * The migration's clean-up of the copies and the key it then adds. (Squashing the migrations
 * must keep the clean-up: a database saved from before the key may hold copies.)
 */
function configurationKeyMigration(): string[] {
  const statements = fs
    .readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) =>
      fs.readFileSync(path.join(migrationsFolder, name), 'utf8').split('--> statement-breakpoint'),
    )
    .map((statement) => statement.trim());
  const key = statements.findIndex((statement) =>
    statement.includes('ADD CONSTRAINT "saved_vms_configuration_key"'),
  );
  const cleanUp = statements.findIndex((statement) =>
    /^(--[^\n]*\n)*DELETE FROM "saved_vms"/.test(statement),
  );
  if (key < 0 || cleanUp < 0 || cleanUp > key) {
    throw new Error('the migration adding saved_vms_configuration_key must first delete copies');
  }
  return [statements[cleanUp]!, statements[key]!];
}

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

describe('the migration that makes saved configurations unique', () => {
  it('keeps the latest of the copies a database already holds, then adds the key', async () => {
    const customer = await signUpAndLogIn(t.app, t.smtp);
    const data = (await post(t.app, '/api/marketPlace/getProducts', { pageSize: 48 })).json().data;
    const productId = data.VMProducts[0].productID as number;
    const sql = (text: string, values?: unknown[]) => t.database.executeSql(text, values);
    await sql(`alter table saved_vms drop constraint saved_vms_configuration_key`);
    const insert = (drive: number, regionSql: string) =>
      sql(
        `insert into saved_vms (company_id, customer_id, product_id, memory_count, memory_unit,
           processor_count, processor_unit, drive_count, drive_unit, region_id, time_period_days,
           total_amount_minor, currency)
         select company_id, id, $2, 2, 'GB', 1, 'cores', $3, 'GB', ${regionSql}, 30, 21390, 'ZAR'
         from customers where email = $1 returning id`,
        [customer.email, productId, drive],
      );
    for (let copy = 0; copy < 3; copy++) await insert(40, 'null');
    const latest = (await insert(40, 'null')).rows[0] as { id: number };
    const other = (await insert(50, 'null')).rows[0] as { id: number };

    for (const statement of configurationKeyMigration()) await sql(statement);

    const { rows } = await sql(
      `select s.id from saved_vms s join customers c on c.id = s.customer_id
       where c.email = $1 order by s.id`,
      [customer.email],
    );
    expect(rows).toEqual([{ id: latest.id }, { id: other.id }]);
    await expect(insert(40, 'null')).rejects.toThrow(/saved_vms_configuration_key/);
  });
});

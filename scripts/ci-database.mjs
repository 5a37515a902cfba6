// Creates or drops a throwaway PostgreSQL database for CI: `node scripts/ci-database.mjs create|drop URL`.
import pg from 'pg';

const [action, url] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !url) {
  console.error('usage: node scripts/ci-database.mjs create|drop postgres://…/name');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
target.pathname = '/postgres';
const client = new pg.Client({ connectionString: target.toString() });
await client.connect();
try {
  await client.query(`drop database if exists "${name}" with (force)`);
  if (action === 'create') await client.query(`create database "${name}"`);
} finally {
  await client.end();
}

import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerSecurityHeaders } from '../apps/api/src/http/security-headers';
import { registerErrorHandling } from '../apps/api/src/http/error-handler';
import { companyRoutes } from '../apps/api/src/modules/company/routes';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDemoCompanies, seedReferenceData } from '../apps/api/src/db/seed/seed';
import { CompanyDirectory } from '../apps/api/src/tenancy/company-directory';
const variant = process.argv[2]!;
const port = Number(process.argv[3]);
const config = loadConfig({
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  PORT: String(port),
  LOG_LEVEL: 'warn',
});
const handle = await openDatabase({ kind: 'pglite' });
await migrateDatabase(handle);
await seedReferenceData(handle.db);
await seedDemoCompanies(handle.db, {
  publicUrl: config.publicUrl,
  port,
  uploadsDir: '/tmp/exp-up',
});
const app = Fastify({ logger: variant.includes('L') ? { level: 'warn' } : false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandling(app);
if (variant.includes('h')) registerSecurityHeaders(app);
if (variant.includes('c')) await app.register(fastifyCompress, { global: true, threshold: 1024 });
if (variant.includes('r')) await app.register(fastifyRateLimit, { global: false });
if (variant.includes('s'))
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'x', version: '1' } },
    transform: jsonSchemaTransform,
  });
await app.register(
  async (api) => {
    await api.register(
      companyRoutes({ config, db: handle.db, companies: new CompanyDirectory(handle.db, 10000) }),
    );
  },
  { prefix: '/api' },
);
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');

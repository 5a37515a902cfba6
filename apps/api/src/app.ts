import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps } from './app-deps';
import { CompanyDirectory } from './tenancy/company-directory';
import { NO_CACHE_SIGNALS, isCompanyScope, type CacheSignals } from './cache/cache-signals';
import { CustomerCaches } from './modules/accounts/customer-caches';
import { createCustomerResolver } from './modules/accounts/customer-resolver';
import { createHypervisorConnector } from './hypervisors/company-hypervisors';
import { registerErrorHandling } from './http/error-handler';
import { answerClientError, answerFrameworkError } from './http/framework-errors';
import { registerGracefulShutdown } from './http/graceful-shutdown';
import { registerRequestContext } from './http/request-context';
import { JSON_BODY_LIMIT_BYTES, registerJsonBodyParser } from './http/json-body';
import { validatorCompiler } from './http/plain-text-validator';
import { escapeForLog, serializeError } from './lib/safe-log';
import { registerSecurityHeaders } from './http/security-headers';
import { BuildManifest } from './http/build-manifest';
import { FirstScreens } from './http/first-render';
import { registerStaticFiles } from './http/static-files';
import { registerFavicon } from './http/favicon';
import { ok } from './http/envelope';
import { companyRoutes } from './modules/company/routes';
import { contentRoutes } from './modules/content/routes';
import { contactRoutes } from './modules/content/contact-routes';
import { productServicesRoutes } from './modules/content/product-services-routes';
import { createMailService } from './mail/mail-service';
import { accountRoutes } from './modules/accounts/routes';
import { emailAvailabilityRoutes } from './modules/accounts/email-availability-routes';
import { passwordRecoveryRoutes } from './modules/accounts/password-recovery-routes';
import { profileRoutes } from './modules/profile/profile-routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { ticketDeskRoutes } from './modules/tickets/desk-routes';
import { savedItemRoutes } from './modules/saved-items/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { purchaseHistoryRoutes } from './modules/orders/purchase-history-routes';
import { activeVmsRoutes } from './modules/vms/routes/active-vms-routes';
import { backupRoutes } from './modules/vms/routes/backup-routes';
import { updateRoutes } from './modules/vms/routes/update-routes';
import { publicIpRoutes } from './modules/vms/routes/public-ip-routes';
import { vmActionRoutes } from './modules/vms/routes/vm-action-routes';
import { lifecycleRoutes } from './modules/vms/routes/lifecycle-routes';
import { renewRoutes } from './modules/vms/routes/renew-routes';
import { resolveSessionSecret } from './modules/accounts/session-secret';
import { orderRoutes } from './modules/orders/routes';
import { resolveCredentialsKey } from './lib/credentials-key';
import type { GatewayHttp } from './payments/gateway';
import { createGatewayHttp } from './payments/gateway-http';
import { paymentNotificationRoutes } from './modules/payments/inbound-routes';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout-routes';
import type { JobQueue } from './jobs/job-queue';
import { APP_VERSION } from './version';

type BuildAppOptions = {
  config: Config;
  db: Database;
  /** Background jobs (pg-boss) on the same database; mail is queued there. */
  jobs: JobQueue;
  /** HTTP to payment gateways (tests pass one with a short deadline); fetch with 10 s by default. */
  gatewayHttp?: GatewayHttp;
  /** Where log lines go (server.ts passes a buffered stdout); pino's synchronous stdout by default. */
  logStream?: DestinationStream;
  /**
   * The database's change signals (startCacheSignals). Without them customer caches never serve
   * and company caches only expire.
   */
  cacheSignals?: CacheSignals;
};

/** Builds the whole portal (API, docs, web app) without listening: tests call `inject` on it. */
export async function buildApp({
  config,
  db,
  jobs,
  gatewayHttp,
  logStream,
  cacheSignals = NO_CACHE_SIGNALS,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Errors are logged without the values they carry (query parameters, quoted input).
      serializers: { err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Fastify's own answers, which no hook sees, in the envelope with the JSON headers.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Shutting down is answered by registerGracefulShutdown, in the envelope.
    return503OnClosing: false,
    // One line a request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: escapeForLog(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());

  registerSecurityHeaders(app, {
    httpsBehindProxy: config.trustProxy && config.publicUrl.startsWith('https:'),
  });
  registerGracefulShutdown(app);
  // JSON answers are small and paged: gzip would cost more CPU than it saves (ADR 003). Pages,
  // the web app's files and the API docs are compressed. Runs before compress's own onRoute hook.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) route.compress = false;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Cloud Portal API',
        version: APP_VERSION,
        description:
          'Every response is `{ status, message, data }`. See DESIGN.md, "The wire contract".',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(fastifyCookie);
  // @fastify/multipart is registered only around the routes that take files (acceptingUploads).

  const uploadsDir = config.uploadsDir;
  const credentialsKey = resolveCredentialsKey(config);
  const companies = new CompanyDirectory(db, config.companyCacheMs);
  cacheSignals.subscribe((scope) => {
    if (isCompanyScope(scope)) companies.invalidate();
  });
  const deps: AppDeps = {
    config,
    db,
    companies,
    cacheSignals,
    customerCaches: new CustomerCaches(db, cacheSignals, config.customerCacheMs),
    mail: createMailService(db, jobs, config.mailFrom),
    jobs,
    uploadsDir,
    sessionSecret: resolveSessionSecret(config),
    credentialsKey,
    gatewayHttp: gatewayHttp ?? createGatewayHttp(),
    hypervisors: createHypervisorConnector({
      db,
      credentialsKey,
      simulatorOperationMs: config.simulatorOperationMs,
    }),
  };
  // Who is acting is recognised by the request context; how a customer is, accounts knows.
  registerRequestContext(app, {
    companies,
    customer: createCustomerResolver(deps),
  });

  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().get(
        '/health',
        {
          schema: {
            tags: ['system'],
            summary: 'Liveness and database reachability',
            response: {
              200: zEnvelope(z.object({ version: z.string(), database: z.literal('up') })),
            },
          },
        },
        async () => {
          await db.execute(sql`select 1`);
          return ok({ version: APP_VERSION, database: 'up' as const });
        },
      );
      await api.register(companyRoutes(deps));
      await api.register(contentRoutes(deps));
      await api.register(contactRoutes(deps));
      await api.register(productServicesRoutes(deps));
      await api.register(accountRoutes(deps));
      await api.register(emailAvailabilityRoutes(deps));
      await api.register(passwordRecoveryRoutes(deps));
      await api.register(profileRoutes(deps));
      await api.register(marketplaceRoutes(deps));
      await api.register(savedItemRoutes(deps));
      await api.register(invoiceRoutes(deps));
      await api.register(orderRoutes(deps));
      await api.register(paymentNotificationRoutes(deps));
      await api.register(sandboxCheckoutRoutes(deps));
      await api.register(purchaseHistoryRoutes(deps));
      await api.register(activeVmsRoutes(deps));
      await api.register(backupRoutes(deps));
      await api.register(updateRoutes(deps));
      await api.register(publicIpRoutes(deps));
      await api.register(vmActionRoutes(deps));
      await api.register(lifecycleRoutes(deps));
      await api.register(renewRoutes(deps));
      await api.register(ticketRoutes(deps));
      await api.register(ticketDeskRoutes(deps));
    },
    { prefix: '/api' },
  );

  registerFavicon(app, { uploadsDir, webDistDir: config.webDistDir, companies });
  await registerStaticFiles(app, {
    webDistDir: config.webDistDir,
    uploadsDir,
    companies,
    firstScreens: config.serverRender
      ? new FirstScreens({
          app,
          manifest: new BuildManifest(config.webDistDir),
          webSsrDir: config.webSsrDir,
          signals: cacheSignals,
          ttlMs: config.customerCacheMs,
        })
      : undefined,
  });

  return app;
}

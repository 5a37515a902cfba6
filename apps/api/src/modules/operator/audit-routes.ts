import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { zEnvelope } from '@cloud-portal/contract/envelope-schema';
import { ZAuditPage, ZAuditQuery, type TAuditEntry } from '@cloud-portal/contract/operator/audit';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import type { AppDeps } from '../../app-deps';
import { auditLog } from '../../db/schema/audit';
import { staff } from '../../db/schema/staff';
import { AppError } from '../../errors';
import { errorResponses, ok } from '../../http/envelope';
import { actorOf, requireActor } from '../../http/request-context';

type Cursor = { at: string; id: number };

/** The last row's (created_at, id), full precision, as an opaque string. */
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(value: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    if (
      typeof parsed.at === 'string' &&
      !Number.isNaN(Date.parse(parsed.at)) &&
      Number.isInteger(parsed.id)
    )
      return parsed;
  } catch {
    // Falls through to the 400 below.
  }
  throw new AppError(400, operatorTexts.auditCursorInvalid);
}

const ACTOR_KINDS = ['customer', 'staff', 'system'] as const;
const actorKindOf = (kind: string): TAuditEntry['actorKind'] =>
  (ACTOR_KINDS as readonly string[]).includes(kind) ? (kind as TAuditEntry['actorKind']) : 'system';

/**
 * The company's audit log, newest first (key audit.view; ADR 027/028): filtered by action (a key
 * or an area), staff member, subject and dates, paged by keyset on (created_at, id) so a page
 * costs the same however deep, on the (company, created_at desc, id desc) index.
 */
export function operatorAuditRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/operator/audit',
      {
        preValidation: requireActor('staff', 'audit.view'),
        schema: {
          tags: ['operator'],
          summary: "The company's audit log, newest first, filtered and paged by cursor",
          querystring: ZAuditQuery,
          response: { 200: zEnvelope(ZAuditPage), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request, 'staff');
        const query = request.query;
        const conditions: (SQL | undefined)[] = [eq(auditLog.companyId, actor.companyId)];
        if (query.action)
          conditions.push(
            query.action.includes('.')
              ? eq(auditLog.action, query.action)
              : like(auditLog.action, `${query.action}.%`),
          );
        if (query.staffId !== undefined)
          conditions.push(eq(auditLog.actorKind, 'staff'), eq(auditLog.actorId, query.staffId));
        if (query.subjectType) conditions.push(eq(auditLog.subjectType, query.subjectType));
        if (query.subjectId) conditions.push(eq(auditLog.subjectId, query.subjectId));
        if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
        if (query.to) conditions.push(lt(auditLog.createdAt, new Date(query.to)));
        if (query.cursor) {
          const cursor = decodeCursor(query.cursor);
          const at = sql`${cursor.at}::timestamptz`;
          conditions.push(
            or(
              lt(auditLog.createdAt, at),
              and(eq(auditLog.createdAt, at), lt(auditLog.id, cursor.id)),
            ),
          );
        }
        const rows = await db
          .select({
            id: auditLog.id,
            action: auditLog.action,
            actorKind: auditLog.actorKind,
            actorId: auditLog.actorId,
            actorName: staff.name,
            actorEmail: staff.email,
            subjectType: auditLog.subjectType,
            subjectId: auditLog.subjectId,
            before: auditLog.before,
            after: auditLog.after,
            clientAddress: auditLog.clientAddress,
            createdAt: auditLog.createdAt,
            // Microseconds kept: a JavaScript Date would round them off and skip or repeat rows.
            at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          })
          .from(auditLog)
          .leftJoin(staff, and(eq(auditLog.actorKind, 'staff'), eq(staff.id, auditLog.actorId)))
          .where(and(...conditions))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.limit + 1);
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        return ok({
          rows: page.map(({ at: _at, createdAt, actorKind, ...row }) => ({
            ...row,
            actorKind: actorKindOf(actorKind),
            createdAt: createdAt.toISOString(),
          })),
          nextCursor:
            rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
        });
      },
    );
  };
}

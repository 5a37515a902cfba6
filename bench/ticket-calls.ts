// Support tickets (issue 27): the Tickets tab's call and the desk's queue, p99 ≤ 50 ms at 50
// connections with 100,000 tickets in the company. The Tickets tab is measured over HTTP beside
// the bare route like the other customer calls. The desk's route needs a staff session, which
// arrives with staff sign-in (another branch of issue 27); until then the desk's queue query is
// measured in the bench's process (the same function the route calls, 50 callers at once on the
// database the portal will use), before the portal starts.
import { ticketIssueTypes } from '../apps/api/src/db/schema/tickets';
import type { Config } from '../apps/api/src/config';
import type { DatabaseHandle } from '../apps/api/src/db/client';
import type { StaffActor } from '../apps/api/src/http/request-context';
import { deskQueue } from '../apps/api/src/modules/tickets/ticket-desk';
import type { Company } from '../apps/api/src/tenancy/company-directory';
import { ZDeskQueueQuery, type TDeskQueueQuery } from '@cloud-portal/contract/tickets/ticket-desk';
import { TICKETS_PAGE_SIZE } from '@cloud-portal/contract/tickets/customer-tickets';
import { removeBenchCompany, seedBenchBuyer, type Buyer } from './support/bench-buyer';
import {
  describeFailures,
  describeFigures,
  measureInterleaved,
  verdict,
  type InterleavedResult,
  type RouteFigures,
} from './support/rounds';

export const TICKETS_COMPANY_SLUG = 'bench-tickets';
export const BENCH_TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
/** The measured customer's own tickets; the rest belong to the company's other customers. */
export const OWN_TICKETS = 500;
const OTHER_CUSTOMERS = 2_000;
export const TICKETS_CONNECTIONS = 50;
export const TARGET_TICKETS_P99_MS = 50;
const ISSUE_TYPES = ['Machine down', 'Billing', 'Networking', 'Backups', 'Other'];

export type BenchTickets = Buyer & { tickets: number; ownTickets: number };

/**
 * The tickets company on `origin` (written afresh): a signed-in customer with 500 tickets, 2,000
 * other customers with the rest, 100,000 in all over a year, each with its first message; a third
 * Open, a third In Progress, a third Resolved, some assigned.
 */
export async function seedBenchTickets(
  handle: DatabaseHandle,
  config: Config,
  origin: string,
): Promise<BenchTickets> {
  await removeBenchCompany(handle, TICKETS_COMPANY_SLUG);
  const buyer = await seedBenchBuyer(handle.db, config, origin, {
    slug: TICKETS_COMPANY_SLUG,
    name: 'Tickets Bench Cloud',
    email: 'tickets.calls@bench.example',
  });
  const types = await handle.db
    .insert(ticketIssueTypes)
    .values(ISSUE_TYPES.map((name, position) => ({ companyId: buyer.companyId, name, position })))
    .returning({ id: ticketIssueTypes.id });
  const typeIds = types.map((row) => row.id);
  await handle.executeSql(
    `insert into customers (company_id, email, password_hash, first_name, last_name, dial_code,
       mobile_number, address, city, state, postal_code, region)
     select $1, 'ticket.customer.' || n || '@bench.example', 'not-a-hash', 'Customer', 'No ' || n,
       '+27', '820000000', '1 Bench Road', 'Johannesburg', 'Gauteng', '2000', 'South Africa'
     from generate_series(1, $2::int) as n`,
    [buyer.companyId, OTHER_CUSTOMERS],
  );
  // Ticket n: the measured customer's for n ≤ 500, else another customer's; oldest first.
  await handle.executeSql(
    `with others as (
       select id, row_number() over (order by id) as k from customers
       where company_id = $1 and id <> $2
     )
     insert into tickets (company_id, customer_id, issue_type_id, status, assignee_staff_id,
       last_author_kind, created_at, updated_at)
     select $1,
       case when n <= $4 then $2 else (select id from others where k = 1 + n % $5) end,
       ($3::int[])[1 + n % cardinality($3::int[])],
       (array['Open', 'In Progress', 'Resolved'])[1 + n % 3],
       case when n % 4 = 0 then 1 + n % 7 else null end,
       case when n % 2 = 0 then 'customer' else 'staff' end,
       now() - interval '365 days' + n * interval '315 seconds',
       now() - interval '365 days' + n * interval '315 seconds' + interval '1 hour'
     from generate_series(1, $6::int) as n`,
    [buyer.companyId, buyer.customerId, typeIds, OWN_TICKETS, OTHER_CUSTOMERS, BENCH_TICKETS],
  );
  await handle.executeSql(
    `insert into ticket_messages (ticket_id, company_id, author_kind, author_id, body, created_at)
     select id, company_id, 'customer', customer_id,
       'The machine stopped answering after the last update. Please have a look.', created_at
     from tickets where company_id = $1`,
    [buyer.companyId],
  );
  await handle.executeSql('analyze tickets; analyze ticket_messages; analyze customers');
  return { ...buyer, tickets: BENCH_TICKETS, ownTickets: OWN_TICKETS };
}

type QueueFigures = {
  name: string;
  calls: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
};

export type DeskQueueResult = {
  connections: number;
  seconds: number;
  queries: QueueFigures[];
  passed: boolean;
};

/** The queues a desk asks for most: each status by age, all by recent activity, a search. */
function deskQueries(cursorOfSecondPage: string | null): [string, TDeskQueueQuery][] {
  return [
    ['Open, oldest first', { status: 'Open' }],
    [
      'In Progress, oldest first, page 2',
      { status: 'In Progress', cursor: cursorOfSecondPage ?? undefined },
    ],
    ['all, recently active', { order: 'updated' }],
    ['Resolved, newest first', { status: 'Resolved', order: 'newest' }],
    ['mine (assigned), Open', { status: 'Open', assignee: 'me' }],
    ['search by customer e-mail', { q: 'ticket.customer.1234@' }],
    ['search by ticket id', { q: '#50000' }],
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * The desk's queue query, `TICKETS_CONNECTIONS` callers at once for `seconds` per query, on the
 * database the portal will use: what a staff member's queue costs the database, without HTTP.
 */
export async function measureDeskQueue(
  handle: DatabaseHandle,
  tickets: BenchTickets,
  seconds: number,
): Promise<DeskQueueResult> {
  const staff: StaffActor = {
    kind: 'staff',
    company: { id: tickets.companyId } as Company,
    companyId: tickets.companyId,
    staffId: 1,
    permissions: new Set(['tickets.view']),
  };
  const run = (query: TDeskQueueQuery) => deskQueue(handle.db, staff, ZDeskQueueQuery.parse(query));
  const first = await run({ status: 'In Progress' });
  if (first.rows.length === 0) throw new Error('the desk queue is empty');
  const figures: QueueFigures[] = [];
  for (const [name, query] of deskQueries(first.nextCursor)) {
    const durations: number[] = [];
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: TICKETS_CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            const page = await run(query);
            if (page.rows.length === 0) failures += 1;
          } catch {
            failures += 1;
          }
          durations.push(performance.now() - started);
        }
      }),
    );
    durations.sort((a, b) => a - b);
    figures.push({
      name,
      calls: durations.length,
      p50Ms: percentile(durations, 0.5),
      p99Ms: percentile(durations, 0.99),
      failures,
    });
  }
  return {
    connections: TICKETS_CONNECTIONS,
    seconds,
    queries: figures,
    passed: figures.every((row) => row.p99Ms <= TARGET_TICKETS_P99_MS && row.failures === 0),
  };
}

export function describeDeskQueue(result: DeskQueueResult, tickets: number): string[] {
  return [
    `Desk queue query (in the bench's process, no HTTP: the route waits for staff sign-in; ${tickets} tickets; ${result.connections} callers at once, ${result.seconds} s per query):`,
    ...result.queries.map(
      (row) =>
        `  ${row.name}: ${row.calls} calls, p50 ${row.p50Ms.toFixed(1)} ms, p99 ${row.p99Ms.toFixed(1)} ms; target p99 ≤ ${TARGET_TICKETS_P99_MS} ms ${verdict(row.p99Ms <= TARGET_TICKETS_P99_MS && row.failures === 0)}${row.failures ? ` (${row.failures} failed or empty)` : ''}`,
    ),
  ];
}

export type TicketCallsSetup = {
  portalUrl: string;
  portalPid: number | undefined;
  origin: string;
  cookie: string;
  tickets: BenchTickets;
  bareUrl: string;
  barePid: number | undefined;
};

export type TicketCallsResult = InterleavedResult & { passed: boolean };

const isPassing = (figures: RouteFigures) =>
  figures.p99Ms.median <= TARGET_TICKETS_P99_MS && figures.failures === 0;

/** The Tickets tab's first and last page over HTTP, beside the bare route. */
export async function measureTicketCalls(setup: TicketCallsSetup): Promise<TicketCallsResult> {
  const lastPage = Math.ceil(setup.tickets.ownTickets / TICKETS_PAGE_SIZE);
  const paths = ['/api/ticket/getallUserTicket', `/api/ticket/getallUserTicket?page=${lastPage}`];
  for (const pathName of paths) {
    const answer = await fetch(`${setup.portalUrl}${pathName}`, {
      headers: { origin: setup.origin, cookie: setup.cookie },
    });
    if (answer.status !== 200) throw new Error(`GET ${pathName} answered ${answer.status}`);
    const page = ((await answer.json()) as { data: { rows: unknown[]; total: number } }).data;
    if (page.total !== setup.tickets.ownTickets || page.rows.length === 0)
      throw new Error(`GET ${pathName}: ${page.total} tickets, ${page.rows.length} on the page`);
  }
  const result = await measureInterleaved(
    { name: 'bare Fastify GET /hello', pid: setup.barePid, options: { url: setup.bareUrl } },
    paths.map((pathName) => ({
      name: `GET ${pathName}`,
      pid: setup.portalPid,
      options: {
        url: `${setup.portalUrl}${pathName}`,
        headers: { origin: setup.origin, cookie: setup.cookie },
      },
    })),
    { connections: TICKETS_CONNECTIONS },
  );
  return { ...result, passed: result.routes.every(isPassing) };
}

export function describeTicketCalls(result: TicketCallsResult, tickets: BenchTickets): string[] {
  return [
    `Tickets tab (a customer with ${tickets.ownTickets} of the company's ${tickets.tickets} tickets; ${result.connections} connections; median of ${result.rounds} interleaved rounds of ${result.seconds} s, min–max in brackets):`,
    `  ${result.bare.name}: ${describeFigures(result.bare, { ratio: false })}`,
    ...result.routes.map(
      (figures) =>
        `  ${figures.name}: ${describeFigures(figures)}; target p99 ≤ ${TARGET_TICKETS_P99_MS} ms ${verdict(isPassing(figures))}${describeFailures(figures)}`,
    ),
  ];
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { simulatedMachines } from '../../../db/schema/hypervisors';
import { virtualMachines } from '../../../db/schema/virtual-machines';
import { perAddress } from '../../../http/rate-limits';
import { identifyActor } from '../../../http/request-context';
import { consolePasswordHash } from '../../../hypervisors/providers/simulator';
import { hmac, safeEqual } from '../../../lib/tokens';
import { escapeHtml as e } from '../../../mail/templates/mail-layout';
import { resolveCompany } from '../../../tenancy/resolve-company';
import { pageLanguage } from '../../../tenancy/request-language';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const TEXTS = {
  en: {
    title: 'Console',
    intro:
      "This is the console of the portal's simulated hypervisor: it checks the one-time password the portal gave you, as a real console would, but there is no operating system behind it.",
    state: 'State',
    address: 'Private address',
    password: 'One-time password',
    connect: 'Connect',
    connected:
      'Connected. The one-time password is now used up: open View in the portal for a new one.',
    wrong:
      'This password is not right or has been used already. Open View in the portal for a new one.',
    missing:
      'This console does not exist, or it is not yours. Sign in to the portal and open View.',
    states: {
      provisioning: 'Provisioning',
      running: 'Running',
      shutoff: 'Shut off',
      failed: 'Failed',
      deleted: 'Deleted',
    } as Record<string, string>,
  },
  ko: {
    title: '콘솔',
    intro:
      '포털의 시뮬레이션 하이퍼바이저 콘솔입니다. 실제 콘솔처럼 포털에서 받은 일회용 비밀번호를 확인하지만, 뒤에 운영체제는 없습니다.',
    state: '상태',
    address: '사설 주소',
    password: '일회용 비밀번호',
    connect: '연결',
    connected:
      '연결되었습니다. 일회용 비밀번호는 이제 사용되었습니다. 새 비밀번호는 포털에서 보기를 여세요.',
    wrong: '비밀번호가 맞지 않거나 이미 사용되었습니다. 새 비밀번호는 포털에서 보기를 여세요.',
    missing: '이 콘솔이 없거나 고객님의 것이 아닙니다. 포털에 로그인한 뒤 보기를 여세요.',
    states: {
      provisioning: '생성 중',
      running: '실행 중',
      shutoff: '꺼짐',
      failed: '실패',
      deleted: '삭제됨',
    } as Record<string, string>,
  },
} as const;

type Machine = { uuid: string; name: string; state: string; privateAddress: string | null };
type Outcome = 'form' | 'connected' | 'wrong';

function renderPage(
  language: 'en' | 'ko',
  machine: Machine | null,
  outcome: Outcome,
  token: string,
): string {
  const text = TEXTS[language];
  const body = !machine
    ? `<p role="alert">${e(text.missing)}</p>`
    : `<p>${e(text.intro)}</p>
<dl><dt>${e(text.state)}</dt><dd>${e(text.states[machine.state] ?? machine.state)}</dd>
<dt>${e(text.address)}</dt><dd><code>${e(machine.privateAddress ?? '—')}</code></dd></dl>
${outcome === 'connected' ? `<pre class="screen" role="status">${e(`${machine.name} login: ok\n${text.connected}`)}</pre>` : ''}
${outcome === 'wrong' ? `<p role="alert" class="error">${e(text.wrong)}</p>` : ''}
${
  outcome === 'connected'
    ? ''
    : `<form method="post"><input type="hidden" name="token" value="${e(token)}">
<label for="password">${e(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="off" required maxlength="200">
<button type="submit">${e(text.connect)}</button></form>`
}`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(text.title)}${machine ? ` — ${e(machine.name)}` : ''}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f4f6f8;color:#1a1b1e}
main{max-width:640px;margin:0 auto;background:#fff;border:1px solid #d0d5dc;border-radius:12px;padding:24px}
h1{font-size:1.4rem;margin-top:0;overflow-wrap:anywhere}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
dt{color:#495057}dd{margin:0}label{display:block;font-weight:600;margin:16px 0 4px}
input[type=password]{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #868e96;border-radius:6px}
button{margin-top:12px;padding:8px 16px;font:inherit;font-weight:600;color:#fff;background:#1864ab;border:0;border-radius:6px;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #1864ab;outline-offset:2px}
.screen{background:#101113;color:#8ce99a;padding:16px;border-radius:8px;white-space:pre-wrap}
.error{color:#c92a2a;font-weight:600}
</style></head><body><main><h1>${e(text.title)}${machine ? ` — ${e(machine.name)}` : ''}</h1>${body}</main></body></html>`;
}

/**
 * The simulator's console page (issue 11: "a console page served by the API"), the address
 * `accessDetails` hands out. Only the machine's owner sees it (session cookie, as the sandbox
 * checkout does); it asks for the one-time password and takes it once: the stored hash is
 * cleared by the one UPDATE that matches it, so a password works a single time.
 */
export function simulatorConsoleRoutes(deps: AppDeps): FastifyPluginAsync {
  const formToken = (uuid: string, customerId: number) =>
    hmac(deps.sessionSecret, `simulator-console:${uuid}:${customerId}`);

  async function ownMachine(request: FastifyRequest<{ Params: { uuid: string } }>) {
    const company = await resolveCompany(deps.companies, request);
    const actor = await identifyActor(request, company);
    const language = pageLanguage(request, company);
    if (actor.kind !== 'customer') return { language, machine: null, customerId: null };
    const [machine] = await deps.db
      .select({
        uuid: simulatedMachines.uuid,
        name: virtualMachines.name,
        state: simulatedMachines.state,
        privateAddress: simulatedMachines.privateAddress,
      })
      .from(virtualMachines)
      .innerJoin(
        simulatedMachines,
        and(
          sql`${simulatedMachines.uuid}::text = ${virtualMachines.machineUuid}`,
          eq(simulatedMachines.companyId, virtualMachines.companyId),
        ),
      )
      .where(
        and(
          eq(virtualMachines.companyId, company.id),
          eq(virtualMachines.customerId, actor.customerId),
          eq(virtualMachines.machineUuid, request.params.uuid),
          ne(virtualMachines.status, 'deleted'),
          ne(simulatedMachines.state, 'deleted'),
        ),
      )
      .limit(1);
    return {
      language,
      machine: machine ?? null,
      customerId: actor.customerId,
      companyId: company.id,
    };
  }

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get<{ Params: { uuid: string } }>(
      '/hypervisors/simulator/console/:uuid',
      { config: perAddress(60), schema: { hide: true } },
      async (request, reply) => {
        const { language, machine, customerId } = await ownMachine(request);
        const token = machine && customerId ? formToken(machine.uuid, customerId) : '';
        return sendPage(reply, machine ? 200 : 404, renderPage(language, machine, 'form', token));
      },
    );

    app.post<{ Params: { uuid: string }; Body: Record<string, string> }>(
      '/hypervisors/simulator/console/:uuid',
      { config: perAddress(10), schema: { hide: true } },
      async (request, reply) => {
        const { language, machine, customerId, companyId } = await ownMachine(request);
        if (!machine || !customerId || !companyId) {
          return sendPage(reply, 404, renderPage(language, null, 'form', ''));
        }
        const token = formToken(machine.uuid, customerId);
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        if (typeof body.token !== 'string' || !safeEqual(body.token, token)) {
          return sendPage(reply, 403, renderPage(language, machine, 'wrong', token));
        }
        const password = typeof body.password === 'string' ? body.password : '';
        const used =
          password === ''
            ? []
            : await deps.db
                .update(simulatedMachines)
                .set({ consolePasswordHash: null })
                .where(
                  and(
                    eq(simulatedMachines.companyId, companyId),
                    eq(simulatedMachines.uuid, machine.uuid),
                    eq(simulatedMachines.consolePasswordHash, consolePasswordHash(password)),
                  ),
                )
                .returning({ uuid: simulatedMachines.uuid });
        const isRight = used.length === 1;
        return sendPage(
          reply,
          isRight ? 200 : 401,
          renderPage(language, machine, isRight ? 'connected' : 'wrong', token),
        );
      },
    );
  };
}

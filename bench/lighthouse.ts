// The first load in a browser (issue 12): Lighthouse 12 (mobile preset, simulated throttling) on
// the built app served by the portal, in Debian's Chromium, and the gzip size of the JavaScript
// and stylesheets /home loads. Lighthouse's scores move from run to run: every page is measured
// RUNS times, interleaved (page 1, page 2, …, page 1, …), and judged by the median, with the
// spread printed beside it.
// `node --import tsx bench/lighthouse.ts` runs it alone on a portal of its own with a fresh
// embedded database and the demo companies; build the web app first (WEB_DIST_DIR picks a build).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CSRF_COOKIE } from '@cloud-portal/contract/accounts/session';
import { loadConfig } from '../apps/api/src/config';
import { openConfiguredDatabase } from '../apps/api/src/db/open-configured-database';
import { vmProducts } from '../apps/api/src/db/schema/catalogue';
import { companyDomains } from '../apps/api/src/db/schema/company';
import { migrateAndSeedDemo } from '../apps/api/src/seed/migrate-and-seed-demo';
import { randomToken } from '../apps/api/src/lib/tokens';
import { ACCESS_COOKIE } from '../apps/api/src/http/session-cookie-names';
import { ACCESS_TOKEN_TTL_MS } from '../apps/api/src/modules/accounts/account-settings';
import { csrfTokenFor, signAccessToken } from '../apps/api/src/modules/accounts/crypto-tokens';
import { addBenchBuyer, type Buyer } from './support/bench-buyer';
import { freePort, startProcess, stopProcess } from './support/processes';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs per page; the median is judged. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_REPORT_DIR=<dir> keeps every run's full Lighthouse report (JSON) there. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORT_DIR;
/** BENCH_LIGHTHOUSE_PAGES=/customerprofile,/home measures only the pages whose path starts so. */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? [];
/** Issue 12: /home's JavaScript, gzip. */
export const TARGET_HOME_JS_GZIP = 150 * 1024;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** Scores 0–100 per category; a category left out is measured and printed, not judged. */
export type Targets = Partial<Record<Category, number>>;

export type LighthousePage = {
  name: string;
  /** The page's path on the portal, e.g. `/home`. */
  path: string;
  /**
   * `name=value; name=value` cookies the browser holds for the portal before the page loads: a
   * signed-in customer's `cp_access` and `cp_csrf` (the page asks for the session only when it
   * can read the CSRF cookie, as after a real login). See `customerCookie`.
   */
  cookie?: string | (() => string);
  targets: Targets;
};

type Spread = { median: number; min: number; max: number };

export type PageResult = {
  name: string;
  path: string;
  runs: number;
  /** Per category: median, min and max of the runs' scores (0–100). */
  scores: Record<Category, Spread>;
  /** Median of the runs, milliseconds (CLS unitless). */
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Audits below full marks in the median run of a judged category other than performance. */
  failedAudits: string[];
  /** Largest opportunities of the median performance run, for the reader. */
  opportunities: string[];
  /** Runs that did not end on the page asked for (a redirect to the login page, an error). */
  problems: string[];
  targets: Targets;
  passed: boolean;
};

export type LighthouseResult = {
  lighthouseVersion: string;
  chromiumVersion: string;
  runsPerPage: number;
  pages: PageResult[];
  passed: boolean;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const spreadOf = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

/** Debian's Chromium with a DevTools port of its own and a throwaway profile. */
async function launchChromium(): Promise<{
  port: number;
  version: string;
  stop: () => Promise<void>;
}> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // The profile is removed once Chromium has exited: it writes there until the end.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error('Chromium did not start in 30 s')), 30_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited with ${code}: ${output}`));
      });
    });
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
      Browser: string;
    };
    return { port, version: version.Browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Puts a page's cookies into the browser's default profile, where Lighthouse's tab reads them. */
async function setCookies(port: number, portalUrl: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const cookies = cookie
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const separator = part.indexOf('=');
        // Path `/`, as the portal sets both cookies (ADR 006): a page's own request carries them.
        return {
          name: part.slice(0, separator),
          value: part.slice(separator + 1),
          url: portalUrl,
        };
      });
    if (cookies.length) await context.addCookies(cookies);
  } finally {
    // Leaves the browser running: only this connection closes.
    await browser.close();
  }
}

type RunResult = {
  scores: Record<Category, number>;
  metrics: PageResult['metrics'];
  failedAudits: string[];
  opportunities: string[];
  problem: string | null;
  /** Lighthouse could not measure (its runtime error), as opposed to the page misbehaving. */
  isLighthouseFailure: boolean;
  lighthouseVersion: string;
};

async function runLighthouse(port: number, url: string, targets: Targets): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
    fs.writeFileSync(
      path.join(REPORT_DIR, `${name || 'root'}-${Date.now()}.json`),
      result.report as string,
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round((lhr.categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = CATEGORIES.filter(
    (category) => category !== 'performance' && targets[category] !== undefined,
  ).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${category}: ${audit.id}`),
  );
  const opportunities = Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.details?.type === 'opportunity' &&
        audit.score !== null &&
        audit.score < 1 &&
        (audit.numericValue ?? 0) >= 100,
    )
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 4)
    .map((audit) => `${audit.id} ${Math.round(audit.numericValue ?? 0)} ms`);
  const expected = new URL(url).pathname.toLowerCase();
  const ended = new URL(lhr.finalDisplayedUrl).pathname.toLowerCase();
  const problem = lhr.runtimeError
    ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
    : ended !== expected
      ? `ended on ${ended}`
      : null;
  return {
    scores,
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
    },
    failedAudits,
    opportunities,
    problem,
    isLighthouseFailure: lhr.runtimeError !== undefined,
    lighthouseVersion: lhr.lighthouseVersion,
  };
}

/**
 * Lighthouse on each page, `RUNS` times in interleaved rounds, in one Chromium; a page with a
 * cookie is loaded with that browser state (cookies are set before each of its runs, cleared
 * before each visitor's run).
 */
export async function measureLighthouse(
  portalUrl: string,
  pages: LighthousePage[],
): Promise<LighthouseResult> {
  const browser = await launchChromium();
  try {
    const runs = pages.map((): RunResult[] => []);
    for (let round = 0; round < RUNS; round++) {
      for (const [index, page] of pages.entries()) {
        const url = new URL(page.path, portalUrl).href;
        let run: RunResult | undefined;
        // Lighthouse itself fails now and then on a loaded machine (NO_NAVSTART, a lost trace):
        // such a run is made again, once; a second failure is reported.
        for (let attempt = 0; attempt < 2; attempt++) {
          const cookie = typeof page.cookie === 'function' ? page.cookie() : (page.cookie ?? '');
          await setCookies(browser.port, portalUrl, cookie);
          run = await runLighthouse(browser.port, url, page.targets);
          if (!run.isLighthouseFailure) break;
        }
        runs[index]!.push(run!);
      }
    }
    const results = pages.map((page, index): PageResult => {
      const pageRuns = runs[index]!;
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          spreadOf(pageRuns.map((run) => run.scores[category])),
        ]),
      ) as Record<Category, Spread>;
      // The run whose performance score is the median speaks for the page's details.
      const medianRun =
        pageRuns.find((run) => run.scores.performance === scores.performance.median) ??
        pageRuns[0]!;
      const problems = pageRuns.flatMap((run) => (run.problem ? [run.problem] : []));
      const passed =
        problems.length === 0 &&
        CATEGORIES.every(
          (category) =>
            page.targets[category] === undefined ||
            scores[category].median >= page.targets[category],
        );
      return {
        name: page.name,
        path: page.path,
        runs: pageRuns.length,
        scores,
        metrics: {
          fcpMs: median(pageRuns.map((run) => run.metrics.fcpMs)),
          lcpMs: median(pageRuns.map((run) => run.metrics.lcpMs)),
          tbtMs: median(pageRuns.map((run) => run.metrics.tbtMs)),
          cls: median(pageRuns.map((run) => run.metrics.cls)),
          speedIndexMs: median(pageRuns.map((run) => run.metrics.speedIndexMs)),
        },
        failedAudits: [...new Set(medianRun.failedAudits)],
        opportunities: medianRun.opportunities,
        problems,
        targets: page.targets,
        passed,
      };
    });
    return {
      lighthouseVersion: runs[0]?.[0]?.lighthouseVersion ?? 'unknown',
      chromiumVersion: browser.version,
      runsPerPage: RUNS,
      pages: results,
      passed: results.every((page) => page.passed),
    };
  } finally {
    await browser.stop();
  }
}

const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

export function describeLighthouse(result: LighthouseResult): string[] {
  const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `Lighthouse ${result.lighthouseVersion} (mobile, simulated throttling, ${result.chromiumVersion}; median of ${result.runsPerPage} interleaved runs per page, min–max beside it):`,
    ...result.pages.flatMap((page) => [
      `  ${page.name} ${page.path}: FCP ${seconds(page.metrics.fcpMs)}, LCP ${seconds(page.metrics.lcpMs)}, TBT ${Math.round(page.metrics.tbtMs)} ms, CLS ${page.metrics.cls.toFixed(3)}, SI ${seconds(page.metrics.speedIndexMs)}${page.problems.length ? ` FAIL (${page.problems.join('; ')})` : ''}`,
      ...CATEGORIES.map((category) => {
        const score = page.scores[category];
        const target = page.targets[category];
        return `    ${CATEGORY_NAMES[category].padEnd(15)} ${String(score.median).padStart(3)} (${score.min}–${score.max})${
          target === undefined
            ? ''
            : ` target ≥ ${target} ${verdict(score.median >= target && page.problems.length === 0)}`
        }`;
      }),
      ...(page.failedAudits.length
        ? [`    below full marks: ${page.failedAudits.join(', ')}`]
        : []),
      ...(page.scores.performance.median < (page.targets.performance ?? 0) &&
      page.opportunities.length
        ? [`    opportunities: ${page.opportunities.join(', ')}`]
        : []),
    ]),
  ];
}

export type HomeJavaScriptResult = {
  url: string;
  /** gzip bytes of every script the page ran, each compressed on its own as a server sends it. */
  total: number;
  files: { url: string; gzip: number }[];
  /** gzip bytes of the stylesheets the page loaded; `blocking` are those index.html links. */
  stylesheets: { url: string; gzip: number; blocking: boolean }[];
  target: number;
  passed: boolean;
};

/** Loads `url` in Chromium and adds up the gzip size of every script (and stylesheet) it loads. */
export async function measureHomeJavaScript(url: string): Promise<HomeJavaScriptResult> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage();
    const files: { url: string; gzip: number }[] = [];
    const stylesheets: { url: string; gzip: number }[] = [];
    let html = '';
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const into = type === 'script' ? files : type === 'stylesheet' ? stylesheets : null;
      if (type === 'document' && response.url() === url)
        pending.push(response.text().then((text) => void (html = text)));
      if (!into) return;
      pending.push(
        response
          .body()
          .then((body) => void into.push({ url: response.url(), gzip: gzipSync(body).length })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    return {
      url,
      total,
      files,
      stylesheets: stylesheets.map((sheet) => ({
        ...sheet,
        blocking: html.includes(`href="${new URL(sheet.url).pathname}"`),
      })),
      target: TARGET_HOME_JS_GZIP,
      passed: total <= TARGET_HOME_JS_GZIP,
    };
  } finally {
    await browser.close();
  }
}

export function describeHomeJavaScript(result: HomeJavaScriptResult): string[] {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const blocking = result.stylesheets.filter((sheet) => sheet.blocking);
  return [
    `${new URL(result.url).pathname} JavaScript: ${kB(result.total)} gzip in ${result.files.length} files (target ≤ ${kB(result.target)}) ${result.passed ? 'PASS' : 'FAIL'}`,
    `  stylesheets: ${kB(blocking.reduce((sum, sheet) => sum + sheet.gzip, 0))} gzip render-blocking (${blocking.length} files), ${kB(result.stylesheets.reduce((sum, sheet) => sum + sheet.gzip, 0))} in all`,
  ];
}

/**
 * A signed-in customer's browser cookies for a live session: a fresh access token and the
 * session's CSRF token, as a login (or a refresh) sets them. An access token lives 15 minutes,
 * so a page's `cookie` may be this function, called before each run. Needs the portal's session
 * secret (the bench sets SESSION_SECRET).
 */
export function customerCookie(
  secret: string,
  session: { sessionId: string; customerId: number; companyId: number },
): string {
  const accessToken = signAccessToken(secret, {
    sessionId: session.sessionId,
    customerId: session.customerId,
    companyId: session.companyId,
    expiresAt: Date.now() + ACCESS_TOKEN_TTL_MS,
  });
  return `${ACCESS_COOKIE}=${accessToken}; ${CSRF_COOKIE}=${csrfTokenFor(secret, session.sessionId)}`;
}

/** Issue 12's pages and targets, for a portal whose first demo company is at `portalUrl`. */
export function issuePages(productId: number, cookie: () => string): LighthousePage[] {
  const full = { accessibility: 100, 'best-practices': 100, seo: 100 } as const;
  return [
    { name: 'visitor', path: '/home', targets: { performance: 95, ...full } },
    { name: 'visitor', path: '/marketplace', targets: { performance: 95, ...full } },
    {
      name: 'customer',
      path: `/productdetails/${productId}`,
      cookie,
      targets: { performance: 90, ...full },
    },
    { name: 'customer', path: '/customerprofile/2', cookie, targets: { performance: 90, ...full } },
  ];
}

/** A portal of its own on the demo companies, a customer of the first with a session. */
async function runAlone(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-portal-bench-lighthouse-'));
  const port = await freePort();
  const portalUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: portalUrl,
    DATA_DIR: dataDir,
    // The browser side does not depend on the engine; a shared PostgreSQL keeps its demo rows.
    DATABASE_URL: '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SMTP_URL: '',
    SESSION_SECRET: randomToken(),
    CREDENTIALS_KEY: randomBytes(32).toString('hex'),
  };
  const config = loadConfig(env);
  let portal: ChildProcess | undefined;
  try {
    const handle = await openConfiguredDatabase(config);
    let buyer: Buyer;
    try {
      await migrateAndSeedDemo(handle, config);
      const [domain] = await handle.db
        .select({ companyId: companyDomains.companyId })
        .from(companyDomains)
        .where(eq(companyDomains.origin, portalUrl));
      if (!domain) throw new Error(`No demo company at ${portalUrl}`);
      const [product] = await handle.db
        .select({ id: vmProducts.id, regionId: vmProducts.regionId })
        .from(vmProducts)
        .where(eq(vmProducts.companyId, domain.companyId))
        .orderBy(vmProducts.id)
        .limit(1);
      buyer = await addBenchBuyer(handle.db, config, {
        companyId: domain.companyId,
        productId: product!.id,
        regionId: product!.regionId!,
        email: `lighthouse.${randomToken().slice(0, 8)}@bench.example`,
      });
    } finally {
      await handle.close();
    }
    portal = await startProcess(['apps/api/src/server.ts'], env, {
      logFile: path.join(dataDir, 'portal.log'),
      readyUrl: `${portalUrl}/api/health`,
    });
    const home = await measureHomeJavaScript(`${portalUrl}/home`);
    for (const line of describeHomeJavaScript(home)) console.log(line);
    const result = await measureLighthouse(
      portalUrl,
      issuePages(buyer.productId, () => customerCookie(config.sessionSecret!, buyer)).filter(
        (page) => !ONLY_PAGES.length || ONLY_PAGES.some((prefix) => page.path.startsWith(prefix)),
      ),
    );
    for (const line of describeLighthouse(result)) console.log(line);
    return home.passed && result.passed;
  } finally {
    if (portal) await stopProcess(portal);
    // The portal's log goes with the reports (a failed first render says why there).
    if (REPORT_DIR && fs.existsSync(path.join(dataDir, 'portal.log'))) {
      fs.mkdirSync(REPORT_DIR, { recursive: true });
      fs.copyFileSync(path.join(dataDir, 'portal.log'), path.join(REPORT_DIR, 'portal.log'));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!(await runAlone())) process.exitCode = 1;
}

import http from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '@cloud-portal/contract/accounts/session';

/** Where a request goes: one portal process, or the reverse proxy in front of them. */
export type Target = { name: string; port: number };

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are read loosely
  json: () => any;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's own address (127.x.y.z): what a reverse proxy sees as the remote address. */
  localAddress?: string;
};

/** One HTTP request over a fresh connection to 127.0.0.1, the whole answer read. */
export function send(target: Target, path: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: () => body.toString('utf8'),
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * A browser of one customer on the portal's site: keeps the cookies the portal sets (whichever
 * process set them), sends the site's Origin, the CSRF header and, when talking to the processes
 * directly, its client address in X-Forwarded-For as the reverse proxy would.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly site: { origin: string; host?: string },
    readonly clientAddress: string,
    private readonly viaProxy = false,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    return {
      origin: this.site.origin,
      // Through the proxy the browser names the site's host; directly, the proxy's headers.
      ...(this.viaProxy
        ? this.site.host
          ? { host: this.site.host }
          : {}
        : { 'x-forwarded-for': this.clientAddress }),
      ...(cookie ? { cookie } : {}),
      ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      ...extra,
    };
  }

  async request(target: Target, path: string, options: RequestOptions = {}): Promise<Answer> {
    const answer = await send(target, path, {
      ...options,
      headers: this.headers(options.headers),
      ...(this.viaProxy ? { localAddress: this.clientAddress } : {}),
    });
    this.keepCookies(answer);
    return answer;
  }

  get(target: Target, path: string): Promise<Answer> {
    return this.request(target, path);
  }

  post(target: Target, path: string, payload: unknown): Promise<Answer> {
    return this.request(target, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  }

  /** Another browser holding a copy of this one's cookies (a second tab, a stolen cookie). */
  copy(): Browser {
    const twin = new Browser(this.site, this.clientAddress, this.viaProxy);
    for (const [name, value] of this.cookies) twin.cookies.set(name, value);
    return twin;
  }

  private keepCookies(answer: Answer): void {
    for (const line of answer.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = /max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

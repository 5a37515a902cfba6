import net from 'node:net';

export type BurstRequest = {
  method?: 'GET' | 'POST';
  path: string;
  body?: object;
  headers?: Record<string, string>;
};

export type BurstResponse = {
  status: number;
  headers: Record<string, string[]>;
  json: () => { status: number; message: string; data: unknown };
  /** The cookies the response set (name → value; a cleared cookie has value ''). */
  cookies: Record<string, string>;
};

/**
 * Sends the requests over one fresh connection each, connecting them all first and then writing
 * every request in the same tick, so the server really handles them at the same time (fetch or
 * app.inject would let the first ones finish before the last ones start).
 */
export async function sendAtOnce(port: number, requests: BurstRequest[]): Promise<BurstResponse[]> {
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('end', () => resolve(Buffer.concat(chunks)));
        socket.once('error', reject);
      }),
  );
  sockets.forEach((socket, index) => socket.write(toHttp(requests[index]!)));
  return (await Promise.all(answers)).map(parseResponse);
}

/** One request (a burst of one): for the steps between bursts. */
export async function sendOne(port: number, request: BurstRequest): Promise<BurstResponse> {
  const [response] = await sendAtOnce(port, [request]);
  return response!;
}

function toHttp({ method = 'POST', path, body, headers = {} }: BurstRequest): string {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    ...(body === undefined
      ? []
      : ['content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`]),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${payload}`;
}

function parseResponse(raw: Buffer): BurstResponse {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string[]> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    (headers[name] ??= []).push(line.slice(colon + 1).trim());
  }
  const rawBody = raw.subarray(split + 4);
  const body = headers['transfer-encoding']?.[0] === 'chunked' ? decodeChunked(rawBody) : rawBody;
  const cookies = Object.fromEntries(
    (headers['set-cookie'] ?? []).map((cookie) => {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      return [pair.slice(0, equals), decodeURIComponent(pair.slice(equals + 1))];
    }),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    cookies,
    json: () => JSON.parse(body.toString('utf8')) as ReturnType<BurstResponse['json']>,
  };
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

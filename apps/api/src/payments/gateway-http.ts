import { GatewayUnavailable, type GatewayHttp } from './gateway';

/** fetch with a deadline: a gateway that is down or slow becomes GatewayUnavailable. */
export function createGatewayHttp(timeoutMs = 10_000): GatewayHttp {
  return async (url, init) => {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new GatewayUnavailable(`gateway unreachable: ${new URL(url).host}`, { cause: error });
    }
  };
}

// Inside a private network (docker-compose) the renderer cannot reach the remotes at the addresses
// browsers use: `http://localhost:8001` inside the host's container is the container itself. The
// HTML must still name the public addresses, so only the renderer's own requests are redirected:
// SSR_REMOTE_ORIGINS="http://localhost:8001=http://catalog:8080,http://localhost:8002=http://dashboard:8080".

export type OriginMap = ReadonlyArray<readonly [publicOrigin: string, privateOrigin: string]>;

function origin(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable}: "${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${variable}: "${value}" is not an http(s) origin`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${variable}: "${value}" must be an origin only (scheme, host and port)`);
  }
  return url.origin;
}

/** Parses the variable; throws, naming the bad part, on anything but `public=private` pairs. */
export function parseOriginMap(spec: string | undefined, variable = 'SSR_REMOTE_ORIGINS'): OriginMap {
  if (!spec?.trim()) return [];
  return spec.split(',').map((pair) => {
    const [from, to, ...rest] = pair.split('=').map((part) => part.trim());
    if (!from || !to || rest.length > 0) {
      throw new Error(`${variable}: "${pair.trim()}" is not public-origin=private-origin`);
    }
    return [origin(from, variable), origin(to, variable)] as const;
  });
}

/** The URL the renderer fetches for `url`: the same path at the private origin, when one is mapped. */
export function privateUrl(url: string, map: OriginMap): string {
  for (const [from, to] of map) {
    if (url === from || url.startsWith(`${from}/`)) return `${to}${url.slice(from.length)}`;
  }
  return url;
}

/** `fetch` that sends mapped origins' requests to their private address. */
export function fetchThroughPrivateOrigins(fetchImpl: typeof fetch, map: OriginMap): typeof fetch {
  if (map.length === 0) return fetchImpl;
  return (input, init) => {
    if (typeof input === 'string') return fetchImpl(privateUrl(input, map), init);
    if (input instanceof URL) return fetchImpl(privateUrl(input.href, map), init);
    const target = privateUrl(input.url, map);
    return fetchImpl(target === input.url ? input : new Request(target, input), init);
  };
}

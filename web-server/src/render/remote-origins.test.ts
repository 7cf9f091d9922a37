import { describe, expect, it } from 'vitest';
import { fetchThroughPrivateOrigins, parseOriginMap, privateUrl } from './remote-origins.js';

describe('SSR_REMOTE_ORIGINS', () => {
  const map = parseOriginMap(
    'http://localhost:8001=http://catalog:8080, http://localhost:8002=http://dashboard:8080',
  );

  it('reads public=private pairs', () => {
    expect(map).toEqual([
      ['http://localhost:8001', 'http://catalog:8080'],
      ['http://localhost:8002', 'http://dashboard:8080'],
    ]);
    expect(parseOriginMap(undefined)).toEqual([]);
    expect(parseOriginMap('  ')).toEqual([]);
  });

  it('refuses what is not a pair of origins, naming it', () => {
    expect(() => parseOriginMap('http://localhost:8001')).toThrow(
      'SSR_REMOTE_ORIGINS: "http://localhost:8001" is not public-origin=private-origin',
    );
    expect(() => parseOriginMap('localhost:8001=http://catalog:8080')).toThrow(/not an http\(s\) origin/);
    expect(() => parseOriginMap('http://localhost:8001/x=http://catalog:8080')).toThrow(/origin only/);
    expect(() => parseOriginMap('http://a=http://b=http://c')).toThrow(/public-origin=private-origin/);
  });

  it('moves a mapped origin’s URLs to the private address and leaves others alone', () => {
    expect(privateUrl('http://localhost:8001/releases/v2/mf-manifest.json', map)).toBe(
      'http://catalog:8080/releases/v2/mf-manifest.json',
    );
    expect(privateUrl('http://localhost:8001', map)).toBe('http://catalog:8080');
    // Same prefix, another port: not the catalog.
    expect(privateUrl('http://localhost:80010/x.js', map)).toBe('http://localhost:80010/x.js');
    expect(privateUrl('http://api:4000/api/v1/category', map)).toBe('http://api:4000/api/v1/category');
  });

  it('fetches strings, URLs and Requests through the private origin', async () => {
    const seen: string[] = [];
    const fake = (async (input: Parameters<typeof fetch>[0]) => {
      seen.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return new Response('ok');
    }) as typeof fetch;
    const through = fetchThroughPrivateOrigins(fake, map);
    await through('http://localhost:8001/remoteEntry.server.js');
    await through(new URL('http://localhost:8002/mf-manifest.json'));
    await through(new Request('http://localhost:8001/ssr-assets.json'));
    await through('http://elsewhere.test/x');
    expect(seen).toEqual([
      'http://catalog:8080/remoteEntry.server.js',
      'http://dashboard:8080/mf-manifest.json',
      'http://catalog:8080/ssr-assets.json',
      'http://elsewhere.test/x',
    ]);
    expect(fetchThroughPrivateOrigins(fake, [])).toBe(fake);
  });
});

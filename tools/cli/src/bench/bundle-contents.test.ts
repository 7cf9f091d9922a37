import { describe, expect, it } from 'vitest';
import { ownerOf } from './bundle-contents.ts';

describe('ownerOf', () => {
  it('names the npm package, scoped or not, through pnpm’s nested folders', () => {
    expect(
      ownerOf(
        'webpack://catalog/../node_modules/.pnpm/@mantine+core@9.7.3/node_modules/@mantine/core/esm/a.mjs',
        'catalog',
      ),
    ).toBe('@mantine/core');
    expect(
      ownerOf('webpack://host/../node_modules/.pnpm/react-dom@19/node_modules/react-dom/cjs/x.js', 'host'),
    ).toBe('react-dom');
  });

  it('tells our packages and the bundler’s runtime apart', () => {
    expect(ownerOf('webpack://host/./src/app/App.tsx', 'host')).toBe('host: own code');
    expect(ownerOf('[no source]', 'host')).toBe('host: no source in the map');
    expect(ownerOf('webpack://host/../runtime-kernel/src/toast.ts', 'host')).toBe('runtime-kernel');
    expect(ownerOf('webpack://catalog/webpack/runtime/jsonp_chunk_loading', 'catalog')).toBe(
      'catalog: bundler and federation runtime',
    );
    expect(ownerOf('webpack://catalog/./node_modules/.rspack-mf-runtime/catalog.js', 'catalog')).toBe(
      'catalog: bundler and federation runtime',
    );
  });
});

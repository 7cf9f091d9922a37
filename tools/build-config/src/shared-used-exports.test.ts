import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportsImportedBy, missingSharedExports, sharedExportsRecord } from './shared-used-exports.ts';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sb-shared-exports-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the exports a package imports from a shaken library', () => {
  it('lists named value imports and re-exports, sorted, and skips types and tests', () => {
    write('a.tsx', "import { Button, type MantineTheme, Table as T } from '@mantine/core';");
    write('b/c.ts', "export { Badge } from '@mantine/core';\nimport type { BoxProps } from '@mantine/core';");
    write('b/c.test.tsx', "import { Modal } from '@mantine/core';");
    expect(exportsImportedBy('@mantine/core', [dir])).toEqual(['Badge', 'Button', 'Table']);
  });

  it('skips test helpers and the server renderer, which no browser bundle takes code from', () => {
    write('app/Header.tsx', "import { Link } from 'react-router';");
    write('test/render.tsx', "import { createMemoryRouter } from 'react-router';");
    write('testing/render.tsx', "import { MemoryRouter } from 'react-router';");
    write('server/render-page.tsx', "import { createStaticHandler, matchRoutes } from 'react-router';");
    // A file named like the folders still counts: only whole folders are left out.
    write('features/server.ts', "import { useParams } from 'react-router';");
    expect(exportsImportedBy('react-router', [dir])).toEqual(['Link', 'useParams']);
  });

  it('refuses a namespace or default import, which hides what is used', () => {
    write('a.ts', "import * as Mantine from '@mantine/core';");
    expect(() => exportsImportedBy('@mantine/core', [dir])).toThrow(/import only named exports/);
  });

  it("records a remote's needs for every shaken library", () => {
    write('a.ts', "import { useDisclosure } from '@mantine/hooks';\nimport { Link } from 'react-router';");
    expect(sharedExportsRecord('remote', dir)).toEqual({
      needs: { '@mantine/core': [], '@mantine/hooks': ['useDisclosure'], 'react-router': ['Link'] },
    });
  });
});

describe("promote's check of a remote's needs against the host's copies", () => {
  it('names each needed export the host was built without', () => {
    expect(
      missingSharedExports(
        { '@mantine/core': ['Button'] },
        { '@mantine/core': ['Button', 'Table'], '@mantine/hooks': ['useDisclosure'] },
      ),
    ).toEqual(['@mantine/core: Table']);
  });

  it('passes when the host keeps whole libraries or the remote records nothing', () => {
    expect(missingSharedExports(null, { '@mantine/core': ['Table'] })).toEqual([]);
    expect(missingSharedExports({ '@mantine/core': [] }, undefined)).toEqual([]);
  });
});

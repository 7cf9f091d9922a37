import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from 'web-server/runtime-config';

// The import direction of docs/architecture.md#code-layout is enforced by `pnpm lint`
// (eslint.config.js). Each case lints a made-up file at a real place in a package.
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('pnpm lint enforces the import direction', () => {
  it.each([
    [
      'a feature importing another feature',
      'remote-catalog/src/features/home/lib/x.ts',
      "import { BrandStrip } from '@/features/brands/components/BrandStrip';",
    ],
    [
      'shared code importing a feature',
      'remote-catalog/src/shared/lib/x.ts',
      "import { HOME_TYPING } from '@/features/home/lib/home-typing';",
    ],
    ['a feature importing the app', 'host/src/features/blogs/x.ts', "import { routes } from '@/app/router';"],
    [
      'the federation library importing the app',
      'host/src/lib/federation/x.ts',
      "import { routes } from '@/app/router';",
    ],
    [
      'a climb out of the folder',
      'remote-checkout/src/features/booking/components/x.ts',
      "import { formatPrice } from '../../../shared/format-price';",
    ],
    [
      "the shared kernel using a package's alias",
      'runtime-kernel/src/x.ts',
      "import { x } from '@/shared/x';",
    ],
  ])('refuses %s', async (_, file, code) => {
    expect(await problemsOf(file, `${code}\nexport const y = 1;\n`)).toHaveLength(1);
  });

  it.each([
    [
      'a feature importing itself and shared code',
      'remote-catalog/src/features/home/lib/x.ts',
      "import { a } from './home-typing';\nimport { b } from '@/shared/lib/format-price';",
    ],
    [
      'a feature naming itself by its alias',
      'remote-catalog/src/features/home/components/x.ts',
      "import { HOME_TYPING } from '@/features/home/lib/home-typing';",
    ],
    [
      'a page in app/routes combining features',
      'remote-catalog/src/app/routes/x.tsx',
      "import { BrandStrip } from '@/features/brands/components/BrandStrip';\nimport { RecentProducts } from '@/features/recent/components/RecentProducts';",
    ],
    ['the host server using the app', 'host/src/server/x.ts', "import { routes } from '@/app/router';"],
  ])('allows %s', async (_, file, code) => {
    expect(await problemsOf(file, `${code}\nexport const y = 1;\n`)).toEqual([]);
  });
});

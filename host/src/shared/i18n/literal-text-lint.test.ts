import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `pnpm lint` refuses user-facing text written outside the message files in the translated parts
// (eslint.config.js, docs/decisions/0038-i18n.md). Each case lints a made-up file in one of them.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function textProblems(code: string, file = 'host/src/features/errors/routes/X.tsx') {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length;
}

describe('pnpm lint keeps texts in the message files', () => {
  it.each([
    ['text in JSX', 'export function Page() {\n  return <p>Page not found</p>;\n}'],
    ['an aria-label', 'export function Page() {\n  return <button aria-label="Close menu" />;\n}'],
    [
      'a fallback in an expression',
      "export function Page({ n }: { n?: string }) {\n  return <p>{n ?? 'Signed in'}</p>;\n}",
    ],
  ])(
    'refuses %s',
    async (_, code) => {
      expect(await textProblems(code)).toBe(1);
    },
    30_000,
  );

  it.each([
    [
      'a message',
      "declare const t: (k: string) => string;\nexport function Page() {\n  return <p>{t('notFound.message')}</p>;\n}",
    ],
    [
      'layout attributes and brand names',
      'export function Page() {\n  return <a href="/" data-testid="home" target="_self">SecondByte<b>404</b></a>;\n}',
    ],
  ])(
    'allows %s',
    async (_, code) => {
      expect(await textProblems(code)).toBe(0);
    },
    30_000,
  );
});

// The kernel and the kit (eslint.config.js, MESSAGE_CODE): every string, not only JSX, with the
// allow-list of strings that are not messages.
describe('pnpm lint keeps texts out of the kernel’s and the kit’s code', () => {
  it.each([
    [
      'a toast',
      "declare const toast: { error(m: string): void };\nexport const f = () => toast.error('Could not save');",
    ],
    [
      'an error a page shows',
      "declare class ApiError { constructor(s: number, c: string, m: string) }\nexport const e = new ApiError(0, 'network_error', 'No connection to the server.');",
    ],
    ['a one-word button', 'export function Gate() {\n  return <button>Retry</button>;\n}'],
  ])(
    'refuses %s',
    async (_, code) => {
      expect(await textProblems(code, 'runtime-kernel/src/x.tsx')).toBe(1);
      expect(await textProblems(code, 'web-kit/src/x.tsx')).toBe(1);
    },
    30_000,
  );

  it.each([
    [
      'codes, paths, headers and methods',
      "export const r = { cache: 'no-store', code: 'auth/wrong-password', method: 'POST', h: { 'Accept-Language': 'bn' }, name: 'AbortError' };",
    ],
    [
      'what is said to developers',
      "console.warn('Could not request a token');\nthrow new Error('Config not loaded yet.');",
    ],
    ['a message by its key', "declare const t: (k: string) => string;\nexport const m = t('upload.failed');"],
  ])(
    'allows %s',
    async (_, code) => {
      expect(await textProblems(code, 'runtime-kernel/src/x.ts')).toBe(0);
    },
    30_000,
  );
});

describe('pnpm lint keeps toasts’ texts in the message files', () => {
  it('refuses a toast written in a hook', async () => {
    const [result] = await eslint.lintText(
      "import { toast } from 'runtime-kernel';\nexport const done = () => toast.success('Sign in Successfully');\n",
      { filePath: path.join(repoRoot, 'host/src/features/auth/hooks/x.ts') },
    );
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax']);
  }, 30_000);
});

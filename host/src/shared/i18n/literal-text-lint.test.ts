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

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Import direction inside each web package (docs/architecture.md#code-layout):
 * app (and the host's server) → features → shared and lib. A feature uses only itself, shared
 * and lib; pages that combine features live in app/routes. Another folder of the package is
 * reached as '@/…', never by climbing out with '../../'.
 */
const WEB_PACKAGES = ['host', 'remote-catalog', 'remote-dashboard', 'remote-checkout'];
const CLIMB = { group: ['../../*', '../../../*'], message: "Reach another folder of the package as '@/…'." };
const UPWARD = {
  group: ['@/app', '@/app/*', '@/server', '@/server/*'],
  message: 'app/ and server/ compose the package: nothing below them imports them.',
};
const featuresOf = (pkg) =>
  readdirSync(new URL(`./${pkg}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
/** The core rule's config for files that may not import these patterns. */
const restrict = (...patterns) => ({ rules: { 'no-restricted-imports': ['error', { patterns }] } });
const boundaryRules = WEB_PACKAGES.flatMap((pkg) => [
  { files: [`${pkg}/src/**/*.{ts,tsx}`], ...restrict(CLIMB) },
  {
    files: [`${pkg}/src/shared/**/*.{ts,tsx}`, `${pkg}/src/lib/**/*.{ts,tsx}`],
    ...restrict(CLIMB, UPWARD, {
      group: ['@/features', '@/features/*'],
      message: 'shared/ and lib/ serve every feature and know none.',
    }),
  },
  ...featuresOf(pkg).map((feature) => ({
    files: [`${pkg}/src/features/${feature}/**/*.{ts,tsx}`],
    ...restrict(CLIMB, UPWARD, {
      regex: `^@/features(/(?!${feature}(/|$)).*)?$`,
      message:
        'A feature does not import another: combine them in app/routes, or move the shared part to shared/.',
    }),
  })),
]);

/** The parts already in two languages, where a literal text is an error. */
const TRANSLATED = [
  'host/src/features/layout/components/{Header,HeaderSearch,Footer,MainLayout,ThemeToggle,LanguageSwitch}.tsx',
  'host/src/features/errors/**/*.tsx',
  'host/src/features/blogs/routes/*.tsx',
  'host/src/app/StartupError.tsx',
  'remote-catalog/src/**/*.tsx',
  'remote-checkout/src/**/*.tsx',
  'remote-dashboard/src/**/*.tsx',
  'host/src/**/*.tsx',
];
/** Inside those, what is not translated yet (the Bangla issue's next step). */
const NOT_YET_TRANSLATED = [
  // A developer's page for trying intents without the host (the remote's standalone dev server).
  'remote-checkout/src/app/IntentPlayground.tsx',
  '**/src/test/**',
];
/**
 * The kernel's and the kit's code, outside JSX too: their strings reach people as toasts and as
 * the messages of errors a page shows, so every string literal is checked, not only JSX text.
 */
const MESSAGE_CODE = ['runtime-kernel/src/**/*.{ts,tsx}', 'web-kit/src/**/*.{ts,tsx}'];
/** Inside those, where text is meant to be: the message files, and a developer's standalone page. */
const MESSAGE_CODE_EXEMPT = [
  '**/*.test.{ts,tsx}',
  '**/src/testing/**',
  '**/src/i18n/**',
  // Firebase's codes as sentences, both languages side by side (web-kit/src/auth-errors.ts).
  'web-kit/src/auth-errors.ts',
  'web-kit/src/dev-shell.tsx',
  'web-kit/src/i18n-testing.ts',
];
/**
 * The allow-list of strings that are not messages, in code where every string is checked:
 * - words: a string with no space that does not start with a capital is a name, a code, a path
 *   or a CSS value ('no-store', 'auth/wrong-password', 'narrowSymbol'); so is one in capitals (an
 *   HTTP method), an error class's or a header's name, and a cookie's attribute;
 * - callees: what is said to developers (the console, `new Error`, which the pages never show as
 *   it is: they show their own texts for it) and what names data (headers, attributes, storage).
 */
const NOT_MESSAGES = {
  words: [
    '[^\\sA-Z][^\\s]*',
    '[A-Z_-]+',
    '[A-Z][A-Za-z]*Error',
    '[A-Z][a-z]+(-[A-Z][a-z]+)+',
    'Bearer',
    '; Secure',
  ],
  callees: [
    'kernelText',
    'console\\.\\w+',
    'Error',
    'DOMException',
    'setRequestHeader',
    'getAttribute',
    'setAttribute',
    'removeAttribute',
    'querySelector',
    'querySelectorAll',
  ],
};
/** Attributes whose text people read or hear. */
const READ_ATTRIBUTES = [
  'label',
  'title',
  'aria-label',
  'placeholder',
  'alt',
  'description',
  'error',
  'message',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '.data/**',
      '.data-*/**',
      'releases/**',
      'test-results/**',
      'playwright-report/**',
      'api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The catalog renders the pages a buyer lands on: it takes only types from the contracts, whose
    // modules build zod schemas at load time (75 KB of zod on the category page, once).
    files: ['remote-catalog/src/**/*.{ts,tsx}'],
    // The report, Ask the seller and offer forms validate with the API's schemas; they are imported
    // lazily, on the first Report, Ask or Make an offer click (docs/decisions/0034-forms-through-mantine-form.md).
    ignores: [
      '**/*.test.{ts,tsx}',
      'remote-catalog/src/features/details/components/ReportItemDialog.tsx',
      'remote-catalog/src/shared/components/AskSellerDialog.tsx',
      'remote-catalog/src/features/details/components/MakeOfferDialog.tsx',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'shared-contracts/*',
                '!shared-contracts/category-defaults',
                '!shared-contracts/listing-vocabulary',
                '!shared-contracts/image-sizes',
                '!shared-contracts/sales-status',
                '!shared-contracts/message-limits',
                '!shared-contracts/offer-lifecycle',
              ],
              allowTypeImports: true,
              message: 'Import types only: contract modules load zod (plain values go in a zod-free module).',
            },
          ],
        },
      ],
    },
  },
  ...boundaryRules,
  {
    // The kernel and the contracts are compiled into other packages' builds, where '@/' is theirs.
    files: ['runtime-kernel/src/**/*.{ts,tsx}', 'shared-contracts/src/**/*.ts', 'web-kit/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/*'], message: "'@/' is the importing package's src/." }] },
      ],
    },
  },
  {
    // Schemas take z from shared-contracts/src/zod.ts, which switches zod's JIT off in a browser
    // before any schema is built (its probe trips the CSP's script-src as an eval).
    files: ['shared-contracts/src/**/*.ts'],
    ignores: ['shared-contracts/src/zod.ts', 'shared-contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@/*'], message: "'@/' is the importing package's src/." }],
          paths: [{ name: 'zod', message: "Import z from './zod' (it sets zod up for the browser's CSP)." }],
        },
      ],
    },
  },
  {
    // A remote's host-contract needs are read from its own src/ (tools/build-config/src/shared-used-exports.ts):
    // the kit it bundles must not use the libraries whose shared copies are shaken.
    files: ['web-kit/src/**/*.{ts,tsx}'],
    // The standalone dev page is only built into a remote's own dev entry and the provider render
    // only runs in tests, never in what the host loads: no host contract needs their imports.
    ignores: ['web-kit/src/dev-shell.tsx', 'web-kit/src/testing/**', 'web-kit/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/*'], message: "'@/' is the importing package's src/." },
            {
              group: ['@mantine/*', 'react-router'],
              message: 'Shaken shared libraries stay out of the kit.',
            },
          ],
        },
      ],
    },
  },
  {
    // The fake API (web-testing, msw) and the kernel's test session are for tests only:
    // application code never imports them, so they never reach a bundle (a kernel subpath in a
    // bundle would also be a second, unshared copy of the kernel; docs/architecture.md#testing).
    files: [
      '{host,remote-catalog,remote-dashboard,remote-checkout,runtime-kernel,web-kit}/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**', '**/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^(web-testing|msw|runtime-kernel\\u002Ftesting)(\\u002F|$)/]',
          message:
            'The fake API and the test session are test-only: import them from tests and test helpers alone.',
        },
        {
          // A toast is read by people in every package, from .ts hooks too, where the JSX rule does not look.
          selector:
            "CallExpression[callee.object.name='toast'] > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)",
          message: 'A toast’s text belongs in the package’s message files: toast.success(t(…)).',
        },
      ],
    },
  },
  {
    // No user-facing text outside the message files (docs/decisions/0038-i18n.md): text in JSX
    // and the attributes people read or hear. The globs grow as each part is translated.
    files: TRANSLATED,
    ignores: ['**/*.test.tsx', ...NOT_YET_TRANSLATED],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: READ_ATTRIBUTES, exclude: ['.*'] },
          // A form field's path (`form.getInputProps('email')`) names data, not text; the option
          // replaces the plugin's list of calls whose strings are not text, so that list comes too.
          callees: {
            exclude: [
              ...createRequire(import.meta.url)('eslint-plugin-i18next/lib/options/defaults').callees.exclude,
              'getInputProps',
            ],
          },
          // Brand names are the same in every language.
          words: { exclude: ['[\\s\\u00a0·−—–0-9!-/:-@[-`{-~]+', 'SecondByte', 'Second', 'Byte'] },
          message: 'User-facing text belongs in the package’s message files (src/shared/i18n)',
        },
      ],
    },
  },
  {
    // The same rule over every string of the kernel's and the kit's code (MESSAGE_CODE), with the
    // allow-list of strings that are not messages (NOT_MESSAGES).
    files: MESSAGE_CODE,
    ignores: MESSAGE_CODE_EXEMPT,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'all',
          'jsx-attributes': { include: READ_ATTRIBUTES, exclude: ['.*'] },
          callees: {
            exclude: [
              ...createRequire(import.meta.url)('eslint-plugin-i18next/lib/options/defaults').callees.exclude,
              ...NOT_MESSAGES.callees,
            ],
          },
          words: {
            exclude: ['[\\s\\u00a0·−—–0-9!-/:-@[-`{-~]+', 'SecondByte', ...NOT_MESSAGES.words],
          },
          message: 'User-facing text belongs in the package’s message files (src/i18n or src/shared/i18n)',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);

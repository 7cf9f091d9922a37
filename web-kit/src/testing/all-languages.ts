import { beforeAll } from 'vitest';
import { loadLanguage } from 'runtime-kernel';

// A setup file for component tests: a page loads its language's texts before it renders (each
// package's Bangla is a chunk of its own, web-kit/src/i18n.ts), so a test that renders in Bangla
// starts with them loaded too. By the time this runs, the test file's imports have registered the
// package's translator; one loaded later (a lazy route) starts loading as it registers.
// web-kit/src/i18n.test.ts tests the loading itself.
beforeAll(() => loadLanguage('bn'));

import { describe, it } from 'vitest';
import { expectCompleteTranslation } from 'web-kit/i18n-testing';
import { bn } from './bn';
import { en } from './en';
import { translate } from './index';

describe('the blogs page’s texts', () => {
  it('has every key in both languages, none empty, and Bangla that is not the English', async () => {
    await expectCompleteTranslation({ en, bn }, translate, []);
  });
});

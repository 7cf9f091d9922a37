import type { Translation } from '../i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  upload: {
    tooLarge: 'ছবিটি অনেক বড় (সর্বোচ্চ ৫ MB)।',
    failed: 'ছবিটি আপলোড করা যায়নি।',
    offline: 'ছবিটি আপলোড করা যায়নি: সার্ভারের সঙ্গে সংযোগ নেই।',
  },
};

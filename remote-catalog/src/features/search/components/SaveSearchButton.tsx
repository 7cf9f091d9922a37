import { useState } from 'react';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ApiError, toast, useLanguage } from 'runtime-kernel';
import { saveSearch } from '../api/save-search';

// Loaded lazily for a signed-in buyer (save-search-slot.tsx), so the search page's first load
// carries neither this code nor these texts (e2e/byte-budget.ts); both languages are here, the
// page picks its own.
const TEXTS = {
  en: {
    save: 'Save this search',
    saved: 'Search saved',
    done: 'Search saved. New laptops that match it will appear in your notifications.',
    already: 'You saved this search already.',
    empty: 'Type some words or choose a filter first: a search of everything cannot be saved.',
    limit: 'You keep the most saved searches allowed. Delete one in your dashboard first.',
    failed: 'The search could not be saved. Try again.',
  },
  bn: {
    save: 'এই খোঁজটি সংরক্ষণ করুন',
    saved: 'খোঁজটি সংরক্ষিত',
    done: 'খোঁজটি সংরক্ষিত হয়েছে। এর সঙ্গে মেলে এমন নতুন ল্যাপটপ আপনার নোটিফিকেশনে আসবে।',
    already: 'এই খোঁজটি আপনি আগেই সংরক্ষণ করেছেন।',
    empty: 'আগে কিছু শব্দ লিখুন বা একটি ফিল্টার বেছে নিন: সব কিছুর খোঁজ সংরক্ষণ করা যায় না।',
    limit: 'আপনি সর্বোচ্চ সংখ্যক খোঁজ সংরক্ষণ করেছেন। আগে ড্যাশবোর্ডে একটি মুছে ফেলুন।',
    failed: 'খোঁজটি সংরক্ষণ করা যায়নি। আবার চেষ্টা করুন।',
  },
};

/**
 * A buyer's "Save this search" (docs/product.md#saved-searches): keeps the URL's words, filters
 * and sort, says so in a toast, and reads "Search saved" until the search changes.
 */
export default function SaveSearchButton() {
  const texts = TEXTS[useLanguage()];
  const location = useLocation();
  // The search this page saved: another search (a changed filter) can be saved again.
  const [savedQuery, setSavedQuery] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (query: string) => saveSearch(query),
    onSuccess: (saved, query) => {
      setSavedQuery(query);
      if (saved.created) toast.success(texts.done);
      else toast.blank(texts.already);
    },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : null;
      toast.error(
        code === 'saved_search_limit'
          ? texts.limit
          : code === 'empty_saved_search'
            ? texts.empty
            : texts.failed,
      );
    },
  });

  const saved = savedQuery === location.search;
  return (
    <Button
      variant={saved ? 'default' : 'light'}
      loading={mutation.isPending}
      aria-pressed={saved}
      onClick={() => {
        if (saved) toast.blank(texts.already);
        else mutation.mutate(location.search);
      }}
      data-testid="save-search"
    >
      {saved ? `✓ ${texts.saved}` : texts.save}
    </Button>
  );
}

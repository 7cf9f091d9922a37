import { Badge, Text } from '@mantine/core';
import { useLanguage } from 'runtime-kernel';
import { formatDate } from 'web-kit/format';

// Loaded only for a verified listing (verified-slot.tsx), so the pages' first load does not carry
// these texts (e2e/byte-budget.ts); both languages are here, the page picks its own.
const TEXTS = {
  en: {
    label: '✓ Verified device',
    checked: (date: string) =>
      `Checked by SecondByte on ${date}: the serial number fits its brand's format, is on no other listing on sale and was not reported stolen, and an operator compared it and a one-time code with a photo of the laptop's own screen.`,
  },
  bn: {
    label: '✓ যাচাই করা ডিভাইস',
    checked: (date: string) =>
      `${date} তারিখে SecondByte যাচাই করেছে: সিরিয়াল নম্বরটি ব্র্যান্ডের নিয়মে মেলে, বিক্রির জন্য থাকা অন্য কোনো বিজ্ঞাপনে নেই, চুরি হয়েছে বলে জানানো হয়নি, এবং একজন অপারেটর এটি ও একটি এককালীন কোড ল্যাপটপের নিজের পর্দার ছবির সঙ্গে মিলিয়ে দেখেছেন।`,
  },
};

/** The "Verified device" badge: on a card with what was checked as its title, on the details page spelled out. */
export default function VerifiedBadge({
  checkedAt,
  explained = false,
}: {
  checkedAt: string;
  explained?: boolean;
}) {
  const texts = TEXTS[useLanguage()];
  const checked = texts.checked(formatDate(checkedAt));
  return (
    <>
      <Badge
        color="teal"
        variant="light"
        title={checked}
        data-testid="verified-badge"
        style={{ flexShrink: 0 }}
      >
        {texts.label}
      </Badge>
      {explained && (
        <Text size="sm" c="dimmed">
          {checked}
        </Text>
      )}
    </>
  );
}

// Plain values, no schema: the seller's form checks a serial number as the API does, without zod.

/**
 * The serial number formats SecondByte accepts per brand (docs/product.md#verified-devices). A
 * serial is compared after `normaliseSerial`: trimmed, upper case. The table is deliberately
 * loose inside each brand's real shape (length and alphabet), since a wrong refusal of a genuine
 * laptop costs more than a typo the operator catches on the photo.
 *
 * | Brand  | Where the seller finds it            | Shape                                 | Example        |
 * | ------ | ------------------------------------ | ------------------------------------- | -------------- |
 * | Dell   | "Service Tag" under the laptop, BIOS | 7 letters/digits                      | 5CD1234        |
 * | HP     | "Serial number" (S/N), HP PC Info    | 10 letters/digits                     | 5CG1234XYZ     |
 * | Lenovo | "S/N" under the laptop, BIOS         | 8 letters/digits                      | PF2ABCDE       |
 * | Apple  | About This Mac                       | 10 (2021 on) or 12 letters/digits, no I or O | C02XK1ABJG5H |
 * | Asus   | "S/N" sticker, BIOS                  | 12 to 15 letters/digits               | L9NRCV12345678 |
 * | Acer   | "S/N" (SNID is another number)       | 22 letters/digits                     | NXHE3SI00112345678901A |
 * | other  | any brand not above                  | 6 to 20 letters/digits, at least one digit | ABC12345  |
 */
export interface SerialFormat {
  pattern: RegExp;
  /** What the refusal tells the seller, in English and Bangla. */
  en: string;
  bn: string;
}

export const SERIAL_FORMATS: Record<string, SerialFormat> = {
  dell: {
    pattern: /^[A-Z0-9]{7}$/,
    en: 'A Dell Service Tag is 7 letters or digits',
    bn: 'ডেলের সার্ভিস ট্যাগ ৭টি অক্ষর বা সংখ্যা',
  },
  hp: {
    pattern: /^[A-Z0-9]{10}$/,
    en: 'An HP serial number is 10 letters or digits',
    bn: 'এইচপির সিরিয়াল নম্বর ১০টি অক্ষর বা সংখ্যা',
  },
  lenovo: {
    pattern: /^[A-Z0-9]{8}$/,
    en: 'A Lenovo serial number is 8 letters or digits',
    bn: 'লেনোভোর সিরিয়াল নম্বর ৮টি অক্ষর বা সংখ্যা',
  },
  apple: {
    pattern: /^(?:[A-HJ-NP-Z0-9]{10}|[A-HJ-NP-Z0-9]{12})$/,
    en: 'An Apple serial number is 10 or 12 letters or digits, without I or O',
    bn: 'অ্যাপলের সিরিয়াল নম্বর ১০ বা ১২টি অক্ষর বা সংখ্যা, I বা O ছাড়া',
  },
  asus: {
    pattern: /^[A-Z0-9]{12,15}$/,
    en: 'An Asus serial number is 12 to 15 letters or digits',
    bn: 'আসুসের সিরিয়াল নম্বর ১২ থেকে ১৫টি অক্ষর বা সংখ্যা',
  },
  acer: {
    pattern: /^[A-Z0-9]{22}$/,
    en: 'An Acer serial number is 22 letters or digits',
    bn: 'এসারের সিরিয়াল নম্বর ২২টি অক্ষর বা সংখ্যা',
  },
};

/** Any brand the table does not name: long enough to be a serial, short enough to be one. */
export const GENERIC_SERIAL_FORMAT: SerialFormat = {
  pattern: /^(?=.*\d)[A-Z0-9]{6,20}$/,
  en: 'A serial number is 6 to 20 letters or digits, with at least one digit',
  bn: 'সিরিয়াল নম্বর ৬ থেকে ২০টি অক্ষর বা সংখ্যা, অন্তত একটি সংখ্যাসহ',
};

/** The brand's format; the brand is the listing's category name ('Dell', 'HP'…), any case. */
export const serialFormatFor = (brand: string): SerialFormat =>
  SERIAL_FORMATS[brand.trim().toLowerCase()] ?? GENERIC_SERIAL_FORMAT;

/** Trimmed and upper case: how a serial is stored and compared. */
export const normaliseSerial = (serial: string) => serial.trim().toUpperCase();

/** Null when the serial fits the brand's format, otherwise the format it should have. */
export function serialFormatProblem(brand: string, serial: string): SerialFormat | null {
  const format = serialFormatFor(brand);
  return format.pattern.test(normaliseSerial(serial)) ? null : format;
}

/** What every answer but the operators' queue shows of a serial: its last 4 characters. */
export const serialLast4 = (serial: string) => serial.slice(-4);

/**
 * The one-time code's alphabet: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, so a handwritten code reads one way
 * on a photo.
 */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const CODE_LENGTH = 6;
export const isVerificationCode = (code: string) =>
  code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));

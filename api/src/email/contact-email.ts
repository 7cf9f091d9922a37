import type { ContactTemplateParams } from 'shared-contracts/contact';
import type { Language } from 'shared-contracts/locale';

/**
 * The e-mail a contact-form message becomes, written in the language the visitor wrote in (the
 * form sends the page's language; English when it does not), so whoever answers sees at once
 * which language to reply in (docs/product.md#languages-and-money). The visitor's own words are
 * never translated.
 */
const TEMPLATES: Record<Language, { subject: (name: string) => string; from: string }> = {
  en: { subject: (name) => `Contact form: ${name}`, from: 'From' },
  bn: { subject: (name) => `যোগাযোগ ফর্ম: ${name}`, from: 'প্রেরক' },
};

export function contactEmail(params: ContactTemplateParams): { subject: string; body: string } {
  const text = TEMPLATES[params.language ?? 'en'];
  return {
    subject: text.subject(params.user_name),
    body: `${text.from}: ${params.user_name} <${params.user_email}>\n\n${params.message}`,
  };
}

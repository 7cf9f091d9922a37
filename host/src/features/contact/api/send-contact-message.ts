import emailjs, { EmailJSResponseStatus } from '@emailjs/browser';
import { getAppConfig, type AppConfig } from 'runtime-kernel';
import { translate, type Translate } from '@/features/contact/i18n';

/** docs/product.md#contact: without a key, a service id and a template id the form is not sent. */
export class EmailServiceNotConfiguredError extends Error {
  constructor() {
    super('The e-mail service is not set up yet, so your message was not sent. Please e-mail us directly.');
    this.name = 'EmailServiceNotConfiguredError';
  }
}

/**
 * Sends the contact <form> through EmailJS (its fields are user_name, user_email and message).
 * The SDK keeps its origin globally, so it is set from the run-time config on every send: in
 * development it points at the API's EmailJS-compatible outbox, in production at EmailJS itself.
 */
export async function sendContactMessage(
  form: HTMLFormElement,
  config: AppConfig['emailjs'] = getAppConfig().emailjs,
): Promise<void> {
  const { publicKey, serviceId, templateId, origin } = config;
  if (!publicKey?.trim() || !serviceId?.trim() || !templateId?.trim())
    throw new EmailServiceNotConfiguredError();
  emailjs.init(origin ? { publicKey, origin } : { publicKey });
  await emailjs.sendForm(serviceId, templateId, form);
}

/** docs/product.md#contact: a failed send shows its text in a toast. */
export function contactErrorText(error: unknown, t: Translate = translate('en')): string {
  if (error instanceof EmailJSResponseStatus) {
    return error.text && error.text !== 'Network Error' ? error.text : t('contact.noConnection');
  }
  if (error instanceof TypeError) return t('contact.noConnection');
  if (error instanceof Error && error.message) return error.message;
  return t('contact.notSent');
}

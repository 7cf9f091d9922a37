import { NewsletterSubscribeSchema } from 'shared-contracts/newsletter';
import { schemaErrors } from 'web-kit/form-validation';
import type { Translate } from '@/shared/i18n';

/**
 * The newsletter box's rule is the API's own schema for POST /newsletter. The footer is on every
 * page's first load and zod is not, so NewsletterForm imports this module on demand
 * (docs/decisions/0034-forms-through-mantine-form.md).
 */
export function newsletterEmailError(value: string, t: Translate): string | null {
  const errors = schemaErrors(
    NewsletterSubscribeSchema,
    { email: value.trim() },
    {
      messages: {
        email: { required: 'footer.newsletterEmailMissing', invalid: 'footer.newsletterEmailInvalid' },
      },
      t,
    },
  );
  return errors.email ?? null;
}

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EmailJs from '@emailjs/browser';

// EmailJS is the third-party boundary: the test checks what reaches it, not its network.
const emailjsMock = vi.hoisted(() => ({ init: vi.fn(), sendForm: vi.fn() }));
vi.mock('@emailjs/browser', async (importOriginal) => {
  const real = await importOriginal<typeof EmailJs>();
  return { ...real, default: { ...real.default, ...emailjsMock } };
});

import { EmailJSResponseStatus } from '@emailjs/browser';
import { contactErrorText, EmailServiceNotConfiguredError, sendContactMessage } from './send-contact-message';

const config = {
  publicKey: 'pk',
  serviceId: 'service_x',
  templateId: 'template_y',
  origin: 'http://localhost:4000/api/v1/emailjs',
};

describe('sendContactMessage', () => {
  beforeEach(() => {
    emailjsMock.init.mockReset();
    emailjsMock.sendForm.mockReset().mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
  });

  it('sends the form with the configured ids through the configured origin', async () => {
    const form = document.createElement('form');
    await sendContactMessage(form, config);
    expect(emailjsMock.init).toHaveBeenCalledWith({ publicKey: 'pk', origin: config.origin });
    expect(emailjsMock.sendForm).toHaveBeenCalledWith('service_x', 'template_y', form);
  });

  it.each(['publicKey', 'serviceId', 'templateId'] as const)(
    'sends nothing when %s is missing',
    async (key) => {
      const form = document.createElement('form');
      await expect(sendContactMessage(form, { ...config, [key]: '' })).rejects.toBeInstanceOf(
        EmailServiceNotConfiguredError,
      );
      expect(emailjsMock.sendForm).not.toHaveBeenCalled();
    },
  );
});

describe('contactErrorText', () => {
  it("shows the e-mail service's own text", () => {
    expect(contactErrorText(new EmailJSResponseStatus(400, 'The service ID is invalid.'))).toBe(
      'The service ID is invalid.',
    );
  });

  it('explains a network failure in words', () => {
    expect(contactErrorText(new TypeError('Failed to fetch'))).toMatch(/no connection/);
    expect(contactErrorText(new EmailJSResponseStatus())).toMatch(/no connection/);
  });
});

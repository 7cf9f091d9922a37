import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { schemaErrors, schemaValidator } from './form-validation';

const texts: Record<string, string> = {
  'f.nameMissing': 'Enter a name',
  'f.emailMissing': 'Enter your e-mail address',
  'f.emailInvalid': 'Enter a valid e-mail address',
  'f.tooShort': 'Too short',
};
const t = (key: string) => texts[key] ?? key;

const Schema = z.object({
  name: z.string().trim().min(1).max(5),
  email: z.email(),
  password: z.string().min(6),
  note: z.string().optional(),
});

afterEach(() => vi.restoreAllMocks());

describe('schema-driven form validation', () => {
  it('parses with no compiled code: nothing calls Function or eval (the CSP forbids both)', () => {
    const construct = vi.spyOn(globalThis, 'Function');
    const evaluate = vi.spyOn(globalThis, 'eval');
    schemaErrors(Schema, { name: 'Ann', email: 'ann@example.com', password: 'secret' }, { messages: {}, t });
    expect(construct).not.toHaveBeenCalled();
    expect(evaluate).not.toHaveBeenCalled();
    // The spy does see zod's probe when the switch is off, so the check above means something.
    z.config({ jitless: false });
    z.object({ a: z.string() }).safeParse({ a: 'x' });
    expect(construct).toHaveBeenCalled();
    z.config({ jitless: true });
  });

  it("names each field's first problem in the form's words, by kind", () => {
    const messages = {
      name: { required: 'f.nameMissing', invalid: 'f.nameMissing' },
      email: { required: 'f.emailMissing', invalid: 'f.emailInvalid' },
      password: { invalid: 'f.nameMissing', tooShort: 'f.tooShort' },
    } as const;
    expect(schemaErrors(Schema, { name: '  ', email: '', password: 'abc' }, { messages, t })).toEqual({
      name: 'Enter a name',
      email: 'Enter your e-mail address',
      password: 'Too short',
    });
    expect(schemaErrors(Schema, { name: 'Ann', email: 'nope', password: 'secret' }, { messages, t })).toEqual(
      {
        email: 'Enter a valid e-mail address',
      },
    );
    expect(
      schemaErrors(Schema, { name: 'Ann', email: 'a@b.co', password: 'secret' }, { messages, t }),
    ).toEqual({});
  });

  it('checks the payload the form sends, and keeps zod’s sentence for a field it has no text for', () => {
    const validate = schemaValidator(Schema, {
      payload: (values: { email: string }) => ({
        name: 'Ann',
        password: 'secret',
        email: values.email.trim(),
      }),
      messages: { email: 'f.emailInvalid' },
      t,
    });
    expect(validate({ email: '  padded@example.org  ' })).toEqual({});
    expect(validate({ email: 'x' })).toEqual({ email: 'Enter a valid e-mail address' });
    const loose = schemaValidator(Schema, { messages: {}, t });
    expect(loose({ name: 'Ann', email: 'a@b.co', password: 'x' }).password).toMatch(/6/);
  });
});

import { expect, test } from '@playwright/test';

/**
 * SPEC §5: on submit, every field's messages show, on every account card. An error that appears as a field loses focus must not move the
 * button between mouse-down and mouse-up, or the first click does nothing.
 */
const CARDS = [
  {
    url: '/login',
    submit: 'Log In',
    fill: { Email: 'not-an-email' },
    messages: ['Please provide a valid email address.', 'Password is required.'],
  },
  {
    url: '/signup',
    submit: 'Create Account',
    fill: { Email: 'not-an-email' },
    messages: ['Your email address must be valid.'],
    invalid: ['Password'],
  },
  {
    url: '/confirm',
    submit: 'Confirm Account',
    fill: { Email: 'not-an-email' },
    messages: ['Your email address must be valid.', 'The confirmation code must be exactly 6 numbers.'],
  },
  {
    url: '/forgot',
    submit: 'Send Reset Link',
    fill: { Email: 'not-an-email' },
    messages: ['Your email address must be valid.'],
  },
  {
    url: '/reset?username=someone%40example.com&id=abc',
    submit: 'Reset Password',
    fill: { Email: 'not-an-email' },
    messages: ['Your email address must be valid.'],
    invalid: ['Password', 'Confirm Password'],
  },
];

for (const width of [390, 1280]) {
  for (const { url, submit, fill, messages, invalid = [] } of CARDS) {
    test(`${url} at ${width} px: one click on ${submit} shows every field's message`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      for (const [label, value] of Object.entries(fill)) {
        await page.getByLabel(label, { exact: true }).fill(value);
      }
      // A real click: mouse down while the email field still has focus, then up where the button was.
      await page.getByRole('button', { name: submit }).click();
      for (const message of messages) await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      // Password rules show as requirement lines; the field itself is marked invalid.
      for (const label of invalid) {
        await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      }
      await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    });
  }
}

import type { Page } from '@playwright/test';

/**
 * Waits until no antd/rc-motion animation runs (classes ending -appear, -enter, -leave). A dialog still zooming in
 * is half transparent (axe would measure colours mid-animation) and moves under the pointer: a click on its button
 * then can land beside it, and the dialog stays open.
 */
export async function afterMotion(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'));
}

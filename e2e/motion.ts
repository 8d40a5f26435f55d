import type { Locator, Page } from '@playwright/test';

/**
 * Waits until no antd/rc-motion animation runs (classes ending -appear, -enter, -leave). A dialog still zooming in
 * is half transparent (axe would measure colours mid-animation) and moves under the pointer: a click on its button
 * then can land beside it, and the dialog stays open.
 */
export async function afterMotion(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'));
}

/**
 * Waits until the page is all there: no animation runs (afterMotion), and a form page has rendered the sections
 * below its first screen, which arrive in the tasks after it (data-sections, src/features/form/FormPage.tsx). An
 * accessibility check reads the whole page, not its first screen.
 */
export async function pageSettled(page: Page) {
  await afterMotion(page);
  await page.waitForFunction(() => !document.querySelector('.form-page[data-sections="arriving"]'));
}

/** How many frames in a row an element must keep its place before clickAfterLayout clicks it. */
const STILL_FRAMES = 5;

/**
 * Clicks an element once the page's layout around it has stopped moving. A form page's sections below the first
 * screen are laid out only when they come near the view (content-visibility in src/features/form/form.css), with an
 * estimated height until then: a jump to the footer lays out the sections it lands beside, and the page changes
 * height two or three frames later. Playwright's own check (the same box in two frames) can pass before that, so
 * the button moved between press and release and no click happened (a footer button at 390 px on /education).
 */
export async function clickAfterLayout(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.evaluate(
    (element, stillFrames) =>
      new Promise<void>((resolve) => {
        let last = '';
        let still = 0;
        const check = () => {
          const box = element.getBoundingClientRect();
          const place = `${box.top} ${box.left} ${document.documentElement.scrollHeight}`;
          still = place === last ? still + 1 : 0;
          last = place;
          if (still >= stillFrames) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    STILL_FRAMES,
  );
  await target.click();
}

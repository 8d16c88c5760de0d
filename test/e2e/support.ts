/** Helpers shared by the end-to-end tests: locate the widget's parts and drive a chat. */
import { expect, type Locator, type Page, type Request } from '@playwright/test';

export { DEMO_KEY, RATE_LIMITED_DOMAIN, RATE_LIMITED_KEY, UNKNOWN_KEY } from '../../demo/keys.ts';
export { apiBase } from '../../playwright.config.ts';

/** A part of the element (Playwright's CSS engine pierces open shadow roots). */
export const part = (page: Page, name: string) => page.locator(`docs-assistant [part~="${name}"]`);

export async function openPanel(page: Page) {
  await part(page, 'launcher').click();
  await expect(part(page, 'input')).toBeVisible();
}

/** Types a question and sends it with Enter. */
export async function ask(page: Page, question: string) {
  const input = part(page, 'input');
  await input.fill(question);
  await input.press('Enter');
}

/** The text of the last answer in the panel (without its citations and actions). */
export const lastAnswer = (page: Page) => part(page, 'assistant-message').last().locator('.answer');

/** Resolves once the answer has finished streaming (Stop gone, Send back). */
export async function answerFinished(page: Page) {
  await expect(part(page, 'stop')).toHaveCount(0, { timeout: 20_000 });
  await expect(lastAnswer(page)).not.toBeEmpty();
}

/** Bodies of the v2 assistant requests the page makes, in order. */
export function recordAssistantRequests(page: Page) {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/v2/assistant/')) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return bodies;
}

/** The text of an element as the DOM holds it. */
export async function textOf(locator: Locator) {
  return (await locator.textContent()) ?? '';
}

/**
 * Samples, in the page on every animation frame, whether Stop is offered and how long the
 * last answer is: proof of streaming that does not depend on how often the test polls.
 */
export async function sampleStreaming(page: Page) {
  await page.evaluate(() => {
    const samples: { stop: boolean; length: number }[] = [];
    (window as unknown as { streamSamples: typeof samples }).streamSamples = samples;
    const root = () =>
      document.querySelector('docs-assistant')?.shadowRoot?.querySelector('docs-assistant-panel')
        ?.shadowRoot;
    const sample = () => {
      const panel = root();
      const answers = panel?.querySelectorAll('[part~="assistant-message"] .answer');
      samples.push({
        stop: !!panel?.querySelector('[part~="stop"]'),
        length: answers?.length
          ? (answers[answers.length - 1]!.textContent ?? '').trim().length
          : 0,
      });
      requestAnimationFrame(sample);
    };
    sample();
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { streamSamples: { stop: boolean; length: number }[] }).streamSamples,
    );
}

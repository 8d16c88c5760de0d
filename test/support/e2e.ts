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

/**
 * Opens the panel on `path`, asks `question` and opens the answer's first cited page in the
 * panel's page view.
 */
export async function openFirstCitation(page: Page, path: string, question: string) {
  await page.goto(path);
  await openPanel(page);
  await ask(page, question);
  await answerFinished(page);
  await page.locator('docs-assistant [part~="citation"]').first().click();
}

/** The text of the last answer in the panel (without its citations and actions). */
export const lastAnswer = (page: Page) => part(page, 'assistant-message').last().locator('.answer');

/** Resolves once the answer has finished streaming (Stop gone, Send back). */
export async function answerFinished(page: Page) {
  await expect(part(page, 'stop')).toHaveCount(0, { timeout: 20_000 });
  await expect(lastAnswer(page)).not.toBeEmpty();
}

/**
 * Holds the next assistant reply after its first words until the reader presses Stop (the
 * request is aborted), as a slow model would. The reply is the real server's, passed through the
 * element's documented `fetch` property unchanged up to there; later requests are not touched.
 */
export async function holdNextReplyAfterFirstWords(page: Page) {
  await page.evaluate(() => {
    const element = document.querySelector('docs-assistant');
    if (!element) throw new Error('no <docs-assistant> on the page');
    element.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/v2/assistant/') || !response.body) return response;
      element.fetch = undefined;
      const signal = init?.signal;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let held = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (held) {
            // nothing more until Stop; then end the body the way an aborted fetch does
            await new Promise((resolve) => {
              if (signal?.aborted) resolve(undefined);
              signal?.addEventListener('abort', resolve, { once: true });
            });
            await reader.cancel();
            controller.error(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
            return;
          }
          const { done, value } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          held = decoder.decode(value, { stream: true }).includes('"text-delta"');
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
  });
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

/**
 * Starts recording, before the page loads, what a security policy refused
 * (`securitypolicyviolation` events) and the page's console errors and uncaught exceptions.
 */
export async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    errors,
    violations: () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

/**
 * Every place the widget turns HTML into nodes: an answer with Markdown, code (highlighted
 * lazily) and citations, then a cited page opened in the panel.
 */
export async function askAndOpenCitation(page: Page) {
  await openPanel(page);
  await ask(page, 'How do I write the element myself instead of the script tag?');
  await answerFinished(page);
  await expect(part(page, 'citation').first()).toBeVisible();
  await part(page, 'citation').first().click();
  await expect(part(page, 'page')).toBeVisible();
}

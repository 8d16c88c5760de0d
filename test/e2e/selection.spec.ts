import { expect, test } from '@playwright/test';
import {
  answerFinished,
  ask,
  lastAnswer,
  part,
  recordAssistantRequests,
  textOf,
} from '../support/e2e.ts';

test('select text, "Ask AI", the context chip, and an answer about it', async ({ page }) => {
  const requests = recordAssistantRequests(page);
  await page.goto('/guides/theming');
  const paragraph = page.locator('article p', { hasText: 'prefers-color-scheme' }).first();
  const selected = (await textOf(paragraph)).trim();
  await paragraph.click({ clickCount: 3 });
  const askAboutSelection = part(page, 'selection-button');
  await expect(askAboutSelection).toBeVisible();
  await askAboutSelection.click();

  const chip = part(page, 'context');
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(selected.slice(0, 20));
  await expect(part(page, 'input')).toBeFocused();
  await ask(page, 'What does this mean?');
  await answerFinished(page);
  await expect(lastAnswer(page)).toContainText(/theme|dark|light/i);

  const [body] = requests;
  const context = body!['context'] as { type: string; value: string; path?: string }[];
  expect(context).toHaveLength(1);
  expect(context[0]!.type).toBe('textSelection');
  expect(context[0]!.value).toContain(selected.slice(0, 40));
  expect(context[0]!.path).toBe('/guides/theming');
});

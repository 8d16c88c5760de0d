import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { elementAttributes, findOwnScript, install } from '../../src/widget/script.ts';

const MODULE_URL = 'https://assistant.example.com/widget/docs-assistant.js';

function addScript(attributes: Record<string, string>, src = MODULE_URL) {
  const script = document.createElement('script');
  // Not type=module and never connected with a real src fetch: a data holder only.
  script.type = 'text/plain';
  script.setAttribute('src', src);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

// Also removes the element that importing the entry installed on the test page.
function cleanUp() {
  for (const el of document.querySelectorAll('docs-assistant, script[type="text/plain"]')) {
    el.remove();
  }
}
beforeEach(cleanUp);
afterEach(cleanUp);

describe('script-tag entry', () => {
  test('creates <docs-assistant> from its own data-* attributes, API at the script origin', () => {
    addScript({
      'data-domain': 'acme',
      'data-api-key': 'da_dsc_0123456789abcdef',
      'data-theme': 'dark',
    });
    const element = install(MODULE_URL);
    expect(element.isConnected).toBe(true);
    expect(document.querySelectorAll('docs-assistant')).toHaveLength(1);
    expect(element.getAttribute('domain')).toBe('acme');
    expect(element.getAttribute('api-key')).toBe('da_dsc_0123456789abcdef');
    expect(element.getAttribute('theme')).toBe('dark');
    expect(element.getAttribute('base-url')).toBe('https://assistant.example.com');
    expect(element.apiKey).toBe('da_dsc_0123456789abcdef');
  });

  test('configures the element the page wrote; the page’s own attributes win', () => {
    const own = document.createElement('docs-assistant');
    own.setAttribute('theme', 'light');
    document.body.append(own);
    addScript({
      'data-domain': 'acme',
      'data-theme': 'dark',
      'data-base-url': 'https://api.acme.dev',
    });
    const element = install(MODULE_URL);
    expect(element).toBe(own);
    expect(document.querySelectorAll('docs-assistant')).toHaveLength(1);
    expect(element.getAttribute('domain')).toBe('acme');
    expect(element.getAttribute('theme')).toBe('light');
    expect(element.getAttribute('base-url')).toBe('https://api.acme.dev');
  });

  test('finds its own script among others by its URL', () => {
    addScript({ 'data-domain': 'other' }, 'https://cdn.example.com/other.js');
    const own = addScript({ 'data-domain': 'mine' });
    expect(findOwnScript(MODULE_URL)).toBe(own);
    expect(elementAttributes(own)).toEqual([['domain', 'mine']]);
  });

  test('the API is where the server is mounted: the script URL above /widget/', () => {
    const mounted = 'https://docs.acme.dev/assistant/widget/docs-assistant.js';
    addScript({ 'data-domain': 'acme' }, mounted);
    expect(install(mounted).getAttribute('base-url')).toBe('https://docs.acme.dev/assistant');
    cleanUp();
    const elsewhere = 'https://cdn.example.com/libs/docs-assistant.js?v=2';
    addScript({ 'data-domain': 'acme' }, elsewhere);
    expect(install(elsewhere).getAttribute('base-url')).toBe('https://cdn.example.com');
  });
});

/**
 * The admin key of this tab: kept in sessionStorage only (gone when the tab closes, never
 * shared with other tabs, never in a cookie, a URL or localStorage).
 */
import { ADMIN_KEY_PATTERN, ADMIN_KEY_PREFIX } from '../api/limits.ts';

const STORAGE_KEY = 'docs-assistant-insights-key';

export function savedKey(): string | undefined {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // Storage refused (a sandboxed frame, a strict privacy mode): sign in on every load.
    return undefined;
  }
}

export function saveKey(key: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Signed in for this page only.
  }
}

export function forgetKey(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** What is wrong with a typed key before asking the server, or undefined. */
export function keyProblem(key: string): string | undefined {
  if (key === '') return 'Enter your admin key.';
  if (!key.startsWith(ADMIN_KEY_PREFIX)) {
    return key.startsWith('da_dsc_')
      ? `This is a public key: the Insights page takes an admin key (${ADMIN_KEY_PREFIX}…).`
      : `An admin key starts with ${ADMIN_KEY_PREFIX}.`;
  }
  if (!ADMIN_KEY_PATTERN.test(key)) {
    return `An admin key is ${ADMIN_KEY_PREFIX} followed by at least 24 letters, digits, - or _.`;
  }
  return undefined;
}

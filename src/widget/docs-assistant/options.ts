/** `suggestions` attribute: a JSON array, or questions separated by `|`. */
export function parseSuggestions(value: string | null): string[] {
  if (!value) return [];
  if (value.trimStart().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.filter((q) => typeof q === 'string');
    } catch {
      // Not JSON after all: fall through to the `|` form.
    }
  }
  return value
    .split('|')
    .map((q) => q.trim())
    .filter(Boolean);
}

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Whether a keydown matches a shortcut such as `mod+i`, `ctrl+shift+k` or `meta+/`.
 * `mod` is Cmd or Ctrl (either, so the documented Ctrl/Cmd+I works everywhere).
 */
export function matchesShortcut(event: KeyboardEvent, shortcut: string): boolean {
  const parts = shortcut.toLowerCase().split('+');
  const key = parts.pop();
  if (!key) return false;
  const mods = new Set(parts);
  const ctrl = mods.has('ctrl') || mods.has('control');
  const meta = mods.has('meta') || mods.has('cmd');
  const modOk = mods.has('mod')
    ? event.ctrlKey !== event.metaKey
    : event.ctrlKey === ctrl && event.metaKey === meta;
  const keyOk = event.key.toLowerCase() === key || event.code.toLowerCase() === `key${key}`;
  return keyOk && modOk && event.altKey === mods.has('alt') && event.shiftKey === mods.has('shift');
}

/** The shortcut as the reader's platform writes it, e.g. `⌘ I` or `Ctrl I`. */
export function shortcutLabel(shortcut: string): string {
  const mac = isMac();
  const names: Record<string, string> = mac
    ? { mod: '⌘', meta: '⌘', cmd: '⌘', ctrl: '⌃', alt: '⌥', shift: '⇧' }
    : { mod: 'Ctrl', meta: 'Win', cmd: 'Win', ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift' };
  return shortcut
    .split('+')
    .map((part) => names[part.toLowerCase()] ?? part.toUpperCase())
    .join(mac ? '' : ' ');
}

/** `aria-keyshortcuts` value for a shortcut spec. */
export function ariaShortcut(shortcut: string): string {
  const parts = shortcut.split('+');
  const key = (parts.pop() ?? '').toUpperCase();
  const name = (m: string) =>
    ({
      ctrl: 'Control',
      control: 'Control',
      meta: 'Meta',
      cmd: 'Meta',
      alt: 'Alt',
      shift: 'Shift',
    })[m.toLowerCase()] ?? m;
  const mods = parts.filter((m) => m.toLowerCase() !== 'mod').map(name);
  return parts.some((m) => m.toLowerCase() === 'mod')
    ? ['Control', 'Meta'].map((m) => [m, ...mods, key].join('+')).join(' ')
    : [...mods, key].join('+');
}

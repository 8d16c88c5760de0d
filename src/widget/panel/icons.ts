import { html, nothing, type SVGTemplateResult, svg } from 'lit';

/** Stroke icons (24×24 grid, Lucide-style geometry), decorative: buttons carry the names. */
const paths = {
  sparkle: svg`<path d="M12 3l1.9 4.6 4.6 1.9-4.6 1.9L12 16l-1.9-4.6-4.6-1.9 4.6-1.9z"/><path d="M19 15l.7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7z"/>`,
  newChat: svg`<path d="M12 20h9"/><path d="M16.4 3.6a2 2 0 0 1 2.9 2.9L7 18.8l-4 1 1-4z"/>`,
  close: svg`<path d="M18 6 6 18M6 6l12 12"/>`,
  send: svg`<path d="M12 19V5M5 12l7-7 7 7"/>`,
  stop: svg`<rect x="7" y="7" width="10" height="10" rx="1.5"/>`,
  copy: svg`<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"/>`,
  check: svg`<path d="M20 6 9 17l-5-5"/>`,
  up: svg`<path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7"/>`,
  down: svg`<path d="M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1zm0 0-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17"/>`,
  arrowDown: svg`<path d="M12 5v14M19 12l-7 7-7-7"/>`,
  back: svg`<path d="M19 12H5M12 19l-7-7 7-7"/>`,
  external: svg`<path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>`,
  retry: svg`<path d="M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M21 12a9 9 0 0 1-15.5 6.2L3 16M3 21v-5h5"/>`,
  code: svg`<path d="m16 18 6-6-6-6M8 6l-6 6 6 6"/>`,
  quote: svg`<path d="M17 6H3M21 12H8M21 18H8M3 12v6"/>`,
  alert: svg`<circle cx="12" cy="12" r="9"/><path d="M12 8v4M12 16h.01"/>`,
  search: svg`<circle cx="11" cy="11" r="7"/><path d="m21 21-4.3-4.3"/>`,
} satisfies Record<string, SVGTemplateResult>;

export type IconName = keyof typeof paths;

export const icon = (name: IconName) =>
  html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${paths[name]}</svg>`;

export interface IconButtonOptions {
  /** Its own part name; every button also has the part `button`. */
  part: string;
  /** Accessible name and tooltip: an icon-only button has no other text. */
  label: string;
  icon: IconName;
  onClick: (event: Event) => void;
  /** A toggle's state (`aria-pressed`); leave out for a plain button. */
  pressed?: boolean;
}

/** An icon-only button, named by its label for screen readers and as a tooltip. */
export const iconButton = ({ part, label, icon: name, onClick, pressed }: IconButtonOptions) =>
  html`<button
    part="button ${part}"
    type="button"
    class="icon-button"
    aria-label=${label}
    title=${label}
    aria-pressed=${pressed === undefined ? nothing : String(pressed)}
    @click=${onClick}
  >
    ${icon(name)}
  </button>`;

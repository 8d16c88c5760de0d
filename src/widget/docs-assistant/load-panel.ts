/**
 * The panel (AI SDK client, Markdown, sanitizer) is a separate chunk, fetched on the
 * reader's first sign of intent and cached; a failed load is forgotten so it can retry.
 */
export type PanelModule = typeof import('../panel/docs-assistant-panel.ts');

let panel: Promise<PanelModule> | undefined;

export function loadPanel(): Promise<PanelModule> {
  panel ??= import('../panel/docs-assistant-panel.ts').catch((error: unknown) => {
    panel = undefined;
    throw error;
  });
  return panel;
}

/**
 * The panel (AI SDK client, Markdown, sanitizer) is a separate chunk, fetched on the
 * reader's first sign of intent and cached; a failed load is forgotten so it can retry.
 * It resolves to what makes the panel, taken from the module by name: using the module's
 * namespace as an object would make the bundler build one, with a runtime helper of its own.
 */
export type CreatePanel = typeof import('../panel/docs-assistant-panel.ts').createPanel;

let panel: Promise<CreatePanel> | undefined;

export function loadPanel(): Promise<CreatePanel> {
  panel ??= import('../panel/docs-assistant-panel.ts')
    .then(({ createPanel }) => createPanel)
    .catch((error: unknown) => {
      panel = undefined;
      throw error;
    });
  return panel;
}

/**
 * The strings `<docs-assistant>` shows before its panel has loaded (part of
 * `DocsAssistantI18n`). Apart from the rest so the first load carries only these.
 */
export interface LauncherStrings {
  /** Launcher button text. */
  launcher: string;
  /** The button shown next to a text selection on the page. */
  askAboutSelection: string;
  /** Above the launcher when the panel's code could not be loaded (offline, blocked). */
  loadFailed: string;
}

export const launcherStrings: LauncherStrings = {
  launcher: 'Ask AI',
  askAboutSelection: 'Ask AI',
  loadFailed: "The assistant couldn't load. Check your connection and try again.",
};

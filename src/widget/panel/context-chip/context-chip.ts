import { html, nothing } from 'lit';
import type { ContextItem } from '../../../api/types.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { icon } from '../icons.ts';

/** A context item as a label: kind icon, then the (truncated) text. */
export function contextLabel(item: ContextItem, t: DocsAssistantI18n) {
  const kind = item.type === 'code' ? t.selectedCode : t.selectedText;
  return html`<span class="chip-label" title=${item.value}>
    ${icon(item.type === 'code' ? 'code' : 'quote')}
    <span class="sr-only">${kind}:</span>
    <span class="chip-text">${item.value}</span>
  </span>`;
}

/** The pending context of the next question, each chip with its remove button. */
export function contextChips(
  items: readonly ContextItem[],
  t: DocsAssistantI18n,
  onRemove: (index: number) => void,
) {
  if (items.length === 0) return nothing;
  return html`<ul class="context chip-row" aria-label=${t.contextLabel}>
    ${items.map(
      (item, index) => html`<li part="context" class="chip">
        ${contextLabel(item, t)}
        <button
          part="button remove-context"
          type="button"
          class="icon-button"
          aria-label=${`${t.removeContext}: ${item.value.slice(0, 40)}`}
          @click=${() => onRemove(index)}
        >
          ${icon('close')}
        </button>
      </li>`,
    )}
  </ul>`;
}

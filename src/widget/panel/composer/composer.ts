/** The input area: context chips, the question textarea, Send (or Stop while an answer streams). */
import { html, nothing } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { ContextItem } from '../../../api/types.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { contextChips } from '../context-chip/context-chip.ts';
import { icon } from '../icons.ts';
import type { DraftController } from './draft-controller.ts';

export interface ComposerView {
  t: DocsAssistantI18n;
  draft: DraftController;
  context: readonly ContextItem[];
  placeholder: string | undefined;
  /** An answer is on its way: Stop instead of Send. */
  busy: boolean;
  onSubmit(): void;
  onStop(): void;
  onRemoveContext(index: number): void;
}

export function composer(view: ComposerView) {
  const { t, draft } = view;
  // Enter sends, Shift+Enter is a new line, and an IME composition is never cut short.
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      view.onSubmit();
    }
  };
  return html`<form
    part="composer"
    class="composer"
    @submit=${(event: Event) => {
      event.preventDefault();
      view.onSubmit();
    }}
  >
    <div class="box">
      ${contextChips(view.context, t, view.onRemoveContext)}
      <textarea
        part="input"
        rows="1"
        dir=${
          // The question's own direction; empty, the panel's (where the placeholder reads)
          draft.text ? 'auto' : nothing
        }
        aria-label=${t.inputLabel}
        placeholder=${view.placeholder || t.placeholder}
        .value=${draft.text}
        ${ref(draft.input)}
        @input=${draft.onInput}
        @keydown=${onKeydown}
      ></textarea>
      ${
        view.busy
          ? html`<button
            part="button stop"
            type="button"
            class="send"
            aria-label=${t.stop}
            title=${t.stop}
            @click=${view.onStop}
          >
            ${icon('stop')}
          </button>`
          : html`<button
            part="button send"
            type="submit"
            class="send"
            aria-label=${t.send}
            title=${t.send}
            ?disabled=${!draft.text.trim()}
          >
            ${icon('send')}
          </button>`
      }
    </div>
    <p class="disclaimer">${t.disclaimer}</p>
  </form>`;
}

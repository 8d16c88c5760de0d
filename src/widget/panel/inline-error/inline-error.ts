import { html, nothing, type TemplateResult } from 'lit';
import { icon } from '../icons.ts';

/** An error in place of what failed, announced (`role=alert`), with the action that may help. */
export function inlineError(message: string, action: TemplateResult | typeof nothing = nothing) {
  return html`<div part="error" class="error" role="alert">
    ${icon('alert')}
    <p>${message}</p>
    ${action}
  </div>`;
}

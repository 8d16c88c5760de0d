import { html, LitElement } from 'lit';
import { createRef, type Ref, ref } from 'lit/directives/ref.js';
import { keyProblem } from '../session.ts';

/**
 * The sign-in form: one password field for the admin key, checked for its shape here before
 * the app asks the server. The app shows the server's refusal through `error`.
 *
 * @summary Sign in with an admin key.
 * @event insights-sign-in - The reader submitted a well-formed key (`detail.key`).
 */
export class SignIn extends LitElement {
  static override properties = {
    error: { type: String },
    busy: { type: Boolean },
    problem: { state: true },
  };

  /** The server's refusal of the last key, shown under the field. */
  declare error: string;
  /** True while the key is being checked. */
  declare busy: boolean;
  declare private problem: string;

  private readonly input: Ref<HTMLInputElement> = createRef();

  constructor() {
    super();
    this.error = '';
    this.busy = false;
    this.problem = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  /** Moves focus to the key field. */
  override focus(): void {
    this.input.value?.focus();
  }

  private onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const key = this.input.value?.value.trim() ?? '';
    this.problem = keyProblem(key) ?? '';
    if (this.problem) {
      this.input.value?.focus();
      return;
    }
    this.dispatchEvent(new CustomEvent('insights-sign-in', { detail: { key }, bubbles: true }));
  };

  protected override render() {
    const message = this.problem || this.error;
    return html`<form class="card sign-in" @submit=${this.onSubmit} novalidate>
      <h2>Sign in</h2>
      <p>
        Enter an admin key of this server (<code>da_admin_…</code>, from <code>--admin-key</code>
        or the config's <code>adminKeys</code>). It stays in this tab only, until you sign out or close it.
      </p>
      <label for="admin-key">Admin key</label>
      <input
        ${ref(this.input)}
        id="admin-key"
        name="admin-key"
        type="password"
        autocomplete="off"
        spellcheck="false"
        required
        aria-invalid=${message ? 'true' : 'false'}
        aria-describedby="admin-key-error"
      />
      <p id="admin-key-error" class="error" role="alert">${message}</p>
      <button type="submit" ?disabled=${this.busy}>${this.busy ? 'Checking…' : 'Sign in'}</button>
    </form>`;
  }
}

if (!customElements.get('insights-sign-in')) customElements.define('insights-sign-in', SignIn);

declare global {
  interface HTMLElementTagNameMap {
    'insights-sign-in': SignIn;
  }
  interface HTMLElementEventMap {
    'insights-sign-in': CustomEvent<{ key: string }>;
  }
}

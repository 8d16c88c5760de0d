import { html, LitElement, nothing } from 'lit';
import type { AnalyticsSite } from '../../api/analytics.ts';
import { AnalyticsClient, AnalyticsError } from '../analytics-client.ts';
import '../dashboard/dashboard.ts';
import { forgetKey, savedKey, saveKey } from '../session.ts';
import './sign-in.ts';

type Session =
  | { status: 'signed-out'; error: string }
  | { status: 'checking'; key: string }
  | { status: 'signed-in'; client: AnalyticsClient; sites: AnalyticsSite[] };

/**
 * The Insights page: sign in with an admin key (checked against `GET /v1/analytics/sites`,
 * kept in sessionStorage only), then the dashboard of the sites it reads; "Sign out" forgets
 * the key. A key the server refuses later signs the reader out with the reason.
 *
 * @summary The Insights page.
 */
export class InsightsApp extends LitElement {
  static override properties = { session: { state: true } };

  declare private session: Session;

  constructor() {
    super();
    this.session = { status: 'signed-out', error: '' };
  }

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const key = savedKey();
    if (key) void this.signIn(key, { restoring: true });
  }

  private async signIn(key: string, { restoring = false } = {}): Promise<void> {
    this.session = { status: 'checking', key };
    const client = new AnalyticsClient(key);
    try {
      const { sites } = await client.sites();
      saveKey(key);
      this.session = { status: 'signed-in', client, sites };
      await this.updateComplete;
      if (!restoring) this.querySelector<HTMLElement>('#dashboard-title')?.focus();
    } catch (error) {
      if (!(error instanceof AnalyticsError) || error.keyRefused) forgetKey();
      this.signedOut((error as Error).message);
    }
  }

  private signOut = () => {
    forgetKey();
    this.signedOut('');
  };

  private async signedOut(error: string): Promise<void> {
    this.session = { status: 'signed-out', error };
    await this.updateComplete;
    this.querySelector('insights-sign-in')?.focus();
  }

  protected override render() {
    const { session } = this;
    return html`<header class="page-header">
        <p class="brand">docs-assistant <span>Insights</span></p>
        ${
          session.status === 'signed-in'
            ? html`<button type="button" class="secondary" @click=${this.signOut}>Sign out</button>`
            : nothing
        }
      </header>
      <main>
        <h1 id="dashboard-title" tabindex="-1">Insights</h1>
        ${
          session.status === 'signed-in'
            ? html`<insights-dashboard
                .client=${session.client}
                .sites=${session.sites}
                @insights-key-refused=${(event: CustomEvent<{ message: string }>) => {
                  forgetKey();
                  this.signedOut(event.detail.message);
                }}
              ></insights-dashboard>`
            : html`<insights-sign-in
                .error=${session.status === 'signed-out' ? session.error : ''}
                ?busy=${session.status === 'checking'}
                @insights-sign-in=${(event: CustomEvent<{ key: string }>) => this.signIn(event.detail.key)}
              ></insights-sign-in>`
        }
      </main>
      <footer class="page-footer">
        <p>What readers asked the docs assistant, from this server's insights store.</p>
      </footer>`;
  }
}

if (!customElements.get('insights-app')) customElements.define('insights-app', InsightsApp);

declare global {
  interface HTMLElementTagNameMap {
    'insights-app': InsightsApp;
  }
}

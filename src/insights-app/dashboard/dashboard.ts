import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { createRef, type Ref, ref } from 'lit/directives/ref.js';
import type { AnalyticsSite, Conversation } from '../../api/analytics.ts';
import { type AnalyticsClient, AnalyticsError, type ExportList } from '../analytics-client.ts';
import { csvRows, downloadCsv } from '../csv-download.ts';
import { lastDays, PERIODS, type Period } from '../days.ts';
import { plural } from '../format.ts';
import { LoadController } from '../load-controller.ts';
import type { TranscriptDialog } from '../transcript-dialog/transcript-dialog.ts';
import '../day-chart/day-chart.ts';
import '../transcript-dialog/transcript-dialog.ts';
import {
  renderCharts,
  renderDisliked,
  renderGaps,
  renderLanguages,
  renderNumbers,
  renderPages,
  renderSearches,
  renderTopics,
} from './sections.ts';
import { loadSiteInsights, type SiteInsights } from './site-insights.ts';

const EXPORTS: { list: ExportList; label: string }[] = [
  { list: 'conversations', label: 'Conversations' },
  { list: 'gaps', label: 'Content gaps' },
  { list: 'feedback', label: 'Feedback by page' },
  { list: 'searches', label: 'Searches without results' },
];

/**
 * One site's insights over the last 7, 30 or 90 days: the numbers, the two daily charts,
 * languages, topics, content gaps, thumbs-down answers (each opens its conversation), most
 * and never cited pages, searches without results, and CSV exports. A refused key fires
 * `insights-key-refused` (the app signs out).
 *
 * @summary The Insights dashboard.
 * @event insights-key-refused - The server refused the key (401).
 */
export class InsightsDashboard extends LitElement {
  static override properties = {
    client: { attribute: false },
    sites: { attribute: false },
    domain: { state: true },
    period: { state: true },
    exporting: { state: true },
    exported: { state: true },
  };

  /** Reads the API with the signed-in key. */
  declare client: AnalyticsClient | undefined;
  /** The sites the key reads (at least one). */
  declare sites: AnalyticsSite[];
  declare private domain: string;
  declare private period: Period;
  declare private exporting: ExportList | undefined;
  declare private exported: string;

  private readonly insights = new LoadController<SiteInsights>(this);
  private readonly transcript: Ref<TranscriptDialog> = createRef();

  constructor() {
    super();
    this.client = undefined;
    this.sites = [];
    this.domain = '';
    this.period = 30;
    this.exporting = undefined;
    this.exported = '';
  }

  protected override createRenderRoot() {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sites') && !this.sites.some((site) => site.domain === this.domain)) {
      this.domain = this.sites[0]?.domain ?? '';
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('client') || changed.has('domain') || changed.has('period')) this.load();
  }

  private load(): void {
    const { client, domain, period } = this;
    if (!client || !domain) return;
    const range = lastDays(period);
    void this.insights
      .run((signal) => loadSiteInsights(client, domain, range, signal))
      .then(() =>
        this.checkRefused(
          this.insights.state.status === 'error' ? this.insights.state.error : undefined,
        ),
      );
  }

  private checkRefused(error: Error | undefined): void {
    if (error instanceof AnalyticsError && error.keyRefused) {
      this.dispatchEvent(
        new CustomEvent('insights-key-refused', {
          detail: { message: error.message },
          bubbles: true,
          composed: true,
        }),
      );
    }
  }

  private openConversation = (conversation: Conversation, opener: HTMLElement) => {
    const { client, domain } = this;
    if (!client) return;
    this.transcript.value?.show(
      (signal) => client.thread(domain, conversation.threadId, signal),
      opener,
    );
  };

  private async export(list: ExportList): Promise<void> {
    const { client, domain, period } = this;
    if (!client || this.exporting) return;
    this.exporting = list;
    this.exported = '';
    try {
      const file = await client.csv(domain, list, lastDays(period));
      downloadCsv(file);
      this.exported = `Saved ${file.name} (${plural(csvRows(file.text), 'row')}).`;
    } catch (error) {
      this.exported = `Could not export: ${(error as Error).message}`;
      this.checkRefused(error as Error);
    } finally {
      this.exporting = undefined;
    }
  }

  protected override render() {
    const site = this.sites.find((candidate) => candidate.domain === this.domain);
    return html`${this.renderToolbar(site)}
      ${site && !site.logging ? html`<p class="notice">This site records nothing (<code>logging: false</code> in the config).</p>` : nothing}
      ${site?.logging && !site.logQuestions ? html`<p class="notice">This site counts questions without keeping their text (<code>logQuestions: false</code>): no topics examples or gaps.</p>` : nothing}
      ${this.renderInsights()} ${this.renderExports()}
      <insights-transcript ${ref(this.transcript)}></insights-transcript>`;
  }

  private renderToolbar(site: AnalyticsSite | undefined) {
    return html`<div class="toolbar">
      ${
        this.sites.length > 1
          ? html`<label class="site-picker"
              >Site
              <select @change=${(event: Event) => (this.domain = (event.target as HTMLSelectElement).value)}>
                ${this.sites.map(
                  (option) =>
                    html`<option value=${option.domain} ?selected=${option.domain === this.domain}>
                      ${option.title ? `${option.title} (${option.domain})` : option.domain}
                    </option>`,
                )}
              </select></label
            >`
          : html`<p class="site-name">Site: <strong>${site?.title ?? site?.domain}</strong>${site?.title ? html` <code>${site.domain}</code>` : nothing}</p>`
      }
      <fieldset class="period-picker">
        <legend>Period</legend>
        ${PERIODS.map(
          (days) => html`<label
            ><input
              type="radio"
              name="period"
              value=${days}
              .checked=${days === this.period}
              @change=${() => (this.period = days)}
            />Last ${days} days</label
          >`,
        )}
      </fieldset>
    </div>`;
  }

  private renderInsights() {
    const { state } = this.insights;
    const data = this.insights.value;
    const status =
      state.status === 'loading'
        ? html`<p class="loading" role="status">Loading…</p>`
        : state.status === 'error'
          ? html`<div class="error" role="alert">
              <p>${state.error.message}</p>
              <button type="button" class="secondary" @click=${() => this.load()}>Retry</button>
            </div>`
          : nothing;
    if (!data) return status;
    return html`${status}
      <div class="sections" aria-busy=${state.status === 'loading' ? 'true' : 'false'}>
        ${renderNumbers(data)} ${renderCharts(data)} ${renderLanguages(data)} ${renderTopics(data)}
        ${renderGaps(data)} ${renderDisliked(data, this.openConversation)} ${renderPages(data)}
        ${renderSearches(data)}
      </div>`;
  }

  private renderExports() {
    return html`<section class="card exports" aria-labelledby="exports-title">
      <h2 id="exports-title">Export as CSV</h2>
      <p class="note">The selected period, up to 10,000 rows per file.</p>
      <div class="export-buttons">
        ${EXPORTS.map(
          ({ list, label }) => html`<button
            type="button"
            class="secondary"
            data-export=${list}
            ?disabled=${this.exporting !== undefined}
            @click=${() => this.export(list)}
          >
            ${this.exporting === list ? 'Exporting…' : label}
          </button>`,
        )}
      </div>
      <p class="export-status" role="status">${this.exported}</p>
    </section>`;
  }
}

if (!customElements.get('insights-dashboard')) {
  customElements.define('insights-dashboard', InsightsDashboard);
}

declare global {
  interface HTMLElementTagNameMap {
    'insights-dashboard': InsightsDashboard;
  }
  interface HTMLElementEventMap {
    'insights-key-refused': CustomEvent<{ message: string }>;
  }
}

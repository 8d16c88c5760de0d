/**
 * The dashboard's sections as templates, from what the API answered. Each says plainly when
 * the period has nothing to show.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { Conversation, CountOf, GapGroup } from '../../api/analytics.ts';
import { dailySeries, percent } from '../days.ts';
import { count, dateTime, languageName, pagePath, plural } from '../format.ts';
import type { SiteInsights } from './site-insights.ts';

function section(id: string, title: string, body: unknown, note?: TemplateResult) {
  return html`<section class="card" aria-labelledby="${id}-title" id=${id}>
    <h2 id="${id}-title">${title}</h2>
    ${note ?? nothing} ${body}
  </section>`;
}

const empty = (text: string) => html`<p class="empty">${text}</p>`;

export function renderNumbers({ overview }: SiteInsights) {
  const answered = percent(overview.covered, overview.questions);
  const figures = [
    { label: 'Questions', value: count(overview.questions) },
    {
      label: 'Answered from the docs',
      value: overview.questions ? `${answered}%` : '–',
      detail: `${count(overview.covered)} of ${count(overview.questions)}`,
    },
    { label: 'Thumbs up', value: count(overview.feedback.up) },
    { label: 'Thumbs down', value: count(overview.feedback.down) },
    { label: 'Searches', value: count(overview.searches.total) },
    {
      label: 'Searches without results',
      value: count(overview.searches.withoutResults),
    },
  ];
  return html`<section class="numbers" aria-labelledby="numbers-title">
    <h2 id="numbers-title" class="visually-hidden">Overview</h2>
    <dl>
      ${figures.map(
        (figure) => html`<div class="figure">
          <dt>${figure.label}</dt>
          <dd>
            <span class="value">${figure.value}</span>
            ${figure.detail ? html`<span class="detail">${figure.detail}</span>` : nothing}
          </dd>
        </div>`,
      )}
    </dl>
  </section>`;
}

export function renderCharts({ overview, range }: SiteInsights) {
  const series = dailySeries(range, overview.days);
  return html`<section class="card charts" aria-labelledby="charts-title">
    <h2 id="charts-title">Day by day</h2>
    <insights-day-chart
      class="questions-chart"
      caption="Questions per day"
      kind="bars"
      .x=${series.x}
      .y=${series.questions}
    ></insights-day-chart>
    <insights-day-chart
      class="answered-chart"
      caption="Share answered from the docs, per day"
      kind="share"
      .x=${series.x}
      .y=${series.answered}
    ></insights-day-chart>
  </section>`;
}

/**
 * A bar's width, set through the CSSOM: the page's CSP refuses `style` attributes (lit's
 * styleMap writes one on its first render).
 */
const barWidth = (percent: number) =>
  ref((element) => {
    if (element instanceof HTMLElement) element.style.width = `${percent}%`;
  });

/** A list of counts with a bar each, relative to the largest. */
function countList(
  items: { label: unknown; count: number; detail?: unknown }[],
  one: string,
  many = `${one}s`,
) {
  const most = Math.max(1, ...items.map((item) => item.count));
  return html`<ul class="counts">
    ${items.map(
      (item) => html`<li>
        <span class="count-label">${item.label}</span>
        <span class="count-value">${plural(item.count, one, many)}</span>
        <span class="bar" aria-hidden="true"
          ><span ${barWidth((item.count / most) * 100)}></span
        ></span>
        ${item.detail ? html`<span class="count-detail">${item.detail}</span>` : nothing}
      </li>`,
    )}
  </ul>`;
}

export function renderLanguages({ overview }: SiteInsights) {
  const body = overview.languages.length
    ? countList(
        overview.languages.map((language: CountOf) => ({
          label: languageName(language.value),
          count: language.count,
        })),
        'question',
      )
    : empty('No questions in this period.');
  return section('languages', 'Languages', body);
}

export function renderTopics({ topics }: SiteInsights) {
  const body = topics.length
    ? countList(
        topics.map((topic) => ({
          label: html`${topic.title ?? pagePath(topic.path)} <code>${pagePath(topic.path)}</code>`,
          count: topic.questions,
          detail: html`${percent(topic.covered, topic.questions)}% answered${
            topic.examples.length ? html`; for example “${topic.examples[0]}”` : nothing
          }`,
        })),
        'question',
      )
    : empty('No questions in this period.');
  return section(
    'topics',
    'Top topics',
    body,
    html`<p class="note">Questions grouped by the page they led to.</p>`,
  );
}

export function renderGaps({ gaps }: SiteInsights) {
  const body = gaps.length
    ? html`<ul class="gaps">
        ${gaps.map((gap) => html`<li>${renderGap(gap)}</li>`)}
      </ul>`
    : empty('Every question of this period was answered, and no answer was disliked.');
  return section(
    'gaps',
    'Content gaps',
    body,
    html`<p class="note">Questions the docs did not answer, or whose answers readers disliked, grouped by topic.</p>`,
  );
}

function renderGap(gap: GapGroup) {
  return html`<details class="gap">
    <summary>
      <span class="gap-terms">${gap.terms.join(' ')}</span>
      <span class="gap-count">${plural(gap.count, 'question')}</span>
    </summary>
    <div class="gap-body">
      <p>
        ${count(gap.uncovered)} not covered, ${count(gap.disliked)} disliked${
          gap.languages.length
            ? html`; asked in ${gap.languages.map(languageName).join(', ')}`
            : nothing
        }.
      </p>
      <p class="suggestion"><strong>Suggestion:</strong> ${gap.suggestion}</p>
      <h3>Asked</h3>
      <ul class="examples">
        ${gap.examples.map((example) => html`<li>${example}</li>`)}
      </ul>
      ${
        gap.closestPages.length
          ? html`<h3>Closest pages</h3>
              <ul class="closest">
                ${gap.closestPages.map(
                  (page) =>
                    html`<li>${page.title ?? pagePath(page.path)} <code>${pagePath(page.path)}</code> <span class="score">score ${page.score}</span></li>`,
                )}
              </ul>`
          : html`<p>No page came close.</p>`
      }
    </div>
  </details>`;
}

export function renderDisliked(
  { disliked }: SiteInsights,
  open: (conversation: Conversation, opener: HTMLElement) => void,
) {
  const body = disliked.length
    ? html`<ul class="disliked">
        ${disliked.map((conversation) => {
          const said = [conversation.reason, conversation.comment].filter(Boolean).join(': ');
          return html`<li>
            <p class="question">${conversation.question ?? html`<em>Question not kept</em>`}</p>
            <p class="meta">
              <time datetime=${conversation.at}>${dateTime(conversation.at)}</time>
              ${said ? html` · “${said}”` : nothing}
              ${conversation.cited.length ? html` · cited <code>${pagePath(conversation.cited[0]!)}</code>` : nothing}
            </p>
            <button
              type="button"
              class="secondary"
              aria-haspopup="dialog"
              @click=${(event: Event) => open(conversation, event.currentTarget as HTMLElement)}
            >
              Open conversation<span class="visually-hidden">: ${conversation.question ?? conversation.at}</span>
            </button>
          </li>`;
        })}
      </ul>`
    : empty('No answer got a thumbs down in this period.');
  return section('disliked', 'Thumbs-down answers', body);
}

export function renderPages({ overview }: SiteInsights) {
  const most = overview.mostCited.length
    ? countList(
        overview.mostCited.slice(0, 15).map((page) => ({
          label: html`<code>${pagePath(page.value)}</code>`,
          count: page.count,
        })),
        'answer',
      )
    : empty('No answer cited a page in this period.');
  const never = overview.neverCited.length
    ? html`<ul class="paths">
        ${overview.neverCited.map((path) => html`<li><code>${pagePath(path)}</code></li>`)}
      </ul>`
    : empty('Every page was cited at least once.');
  return section(
    'pages',
    'Pages',
    html`<h3>Most cited</h3>
      ${most}
      <h3>Never cited <span class="count-badge">${count(overview.neverCited.length)}${overview.neverCited.length >= 100 ? '+' : ''}</span></h3>
      ${never}`,
  );
}

export function renderSearches({ searches }: SiteInsights) {
  const body = searches.length
    ? countList(
        searches.map((search) => ({
          label: search.query || html`<em>Query not kept</em>`,
          count: search.count,
          detail: html`last <time datetime=${search.lastAt}>${dateTime(search.lastAt)}</time>`,
        })),
        'search',
        'searches',
      )
    : empty('Every search of this period found something.');
  return section('searches', 'Searches without results', body);
}

import { html, LitElement, type PropertyValues } from 'lit';
import uPlot from 'uplot';
import { ColorSchemeController } from '../color-scheme-controller.ts';

const HEIGHT = 200;

/**
 * One daily chart drawn by uPlot on a canvas: questions per day as bars, or the share answered
 * as a line on a 0–100% scale. It follows its container's width (ResizeObserver) and the
 * color scheme (colors come from the page's CSS custom properties `--chart-series`,
 * `--chart-axis` and `--chart-grid`). The canvas is one image to assistive technologies,
 * named by a summary; the same numbers are in a table below it.
 *
 * @summary A daily bar or line chart.
 */
export class DayChart extends LitElement {
  static override properties = {
    caption: { type: String },
    kind: { type: String },
    x: { attribute: false },
    y: { attribute: false },
  };

  /** What the chart shows (its caption). */
  declare caption: string;
  /** `bars`: a count per day; `share`: a percentage per day (a null day has no point). */
  declare kind: 'bars' | 'share';
  /** Each day's start, in seconds since the epoch (UTC). */
  declare x: number[];
  /** Each day's value. */
  declare y: (number | null)[];

  private plot: uPlot | undefined;
  private resizes: ResizeObserver | undefined;

  constructor() {
    super();
    new ColorSchemeController(this, () => this.redrawFromScratch());
    this.caption = '';
    this.kind = 'bars';
    this.x = [];
    this.y = [];
  }

  protected override createRenderRoot() {
    return this;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizes?.disconnect();
    this.resizes = undefined;
    this.plot?.destroy();
    this.plot = undefined;
  }

  protected override render() {
    const id = `chart-${this.kind}`;
    return html`<figure class="chart" aria-labelledby="${id}-caption">
      <figcaption id="${id}-caption" class="chart-caption">${this.caption}</figcaption>
      <div class="chart-canvas" role="img" aria-label=${this.summary()}></div>
      <details class="chart-data">
        <summary>Show the numbers</summary>
        ${this.renderTable()}
      </details>
    </figure>`;
  }

  private renderTable() {
    const rows = this.x
      .map((at, i) => ({ day: dayOf(at), value: this.y[i] ?? null }))
      .filter((row) => row.value !== null && (this.kind === 'share' || row.value > 0));
    if (rows.length === 0) return html`<p class="empty">No questions in this period.</p>`;
    return html`<table>
      <thead>
        <tr><th scope="col">Day</th><th scope="col">${this.kind === 'bars' ? 'Questions' : 'Answered'}</th></tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr><td>${row.day}</td><td>${this.kind === 'bars' ? row.value : `${row.value}%`}</td></tr>`,
        )}
      </tbody>
    </table>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('kind')) this.redrawFromScratch();
    else if (changed.has('x') || changed.has('y')) {
      if (this.plot) this.plot.setData([this.x, this.y]);
      else this.redrawFromScratch();
    }
    // How many days the chart holds, for tests and tools (the canvas does not say).
    this.dataset['points'] = String(this.plot?.data[0]?.length ?? 0);
  }

  /** What the canvas shows, in words. */
  private summary(): string {
    const values = this.y.filter((value): value is number => value !== null);
    if (values.length === 0) return `${this.caption}: no questions in this period.`;
    if (this.kind === 'bars') {
      const total = values.reduce((sum, value) => sum + value, 0);
      const most = Math.max(...values);
      const day = dayOf(this.x[this.y.indexOf(most)] ?? 0);
      return `${this.caption}: ${total} in ${this.x.length} days, most on ${day} (${most}).`;
    }
    const low = Math.min(...values);
    const high = Math.max(...values);
    return `${this.caption}: from ${low}% to ${high}% on the ${values.length} days with questions.`;
  }

  /** A new uPlot (first draw, another kind, another color scheme). */
  private redrawFromScratch(): void {
    const target = this.querySelector<HTMLElement>('.chart-canvas');
    if (!target) return;
    this.plot?.destroy();
    this.plot = new uPlot(this.options(target.clientWidth), [this.x, this.y], target);
    this.dataset['points'] = String(this.plot.data[0]?.length ?? 0);
    if (!this.resizes) {
      this.resizes = new ResizeObserver(() => {
        const width = this.querySelector<HTMLElement>('.chart-canvas')?.clientWidth ?? 0;
        if (this.plot && width > 0 && width !== this.plot.width) {
          this.plot.setSize({ width, height: HEIGHT });
        }
      });
      this.resizes.observe(target);
    }
  }

  private options(width: number): uPlot.Options {
    const style = getComputedStyle(this);
    const color = (name: string) => style.getPropertyValue(name).trim();
    const series = color('--chart-series');
    const axis = {
      stroke: color('--chart-axis'),
      grid: { stroke: color('--chart-grid'), width: 1 },
      ticks: { stroke: color('--chart-grid'), width: 1 },
      font: `12px ${style.fontFamily}`,
    };
    const share = this.kind === 'share';
    return {
      width: Math.max(width, 200),
      height: HEIGHT,
      // Days are UTC days, whatever the reader's time zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        y: share ? { range: [0, 100] } : { range: (_u, _min, max) => [0, Math.max(max, 4)] },
      },
      axes: [
        axis,
        {
          ...axis,
          size: 56,
          values: (_u, ticks) => ticks.map((tick) => (share ? `${tick}%` : String(tick))),
          ...(share ? {} : { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] }),
        },
      ],
      series: [
        {},
        share
          ? {
              label: this.caption,
              stroke: series,
              width: 2,
              points: { show: true, size: 8, fill: series },
              spanGaps: false,
            }
          : {
              label: this.caption,
              stroke: series,
              width: 0,
              fill: series,
              paths: uPlot.paths.bars!({ size: [0.7, 48], align: 0 }),
              points: { show: false },
            },
      ],
    };
  }
}

const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

if (!customElements.get('insights-day-chart'))
  customElements.define('insights-day-chart', DayChart);

declare global {
  interface HTMLElementTagNameMap {
    'insights-day-chart': DayChart;
  }
}

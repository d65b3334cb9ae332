// Counters and histograms whose hot path is an array increment: prom-client's own children hash their
// label values on every inc/observe, a measurable share of a tool call's CPU. These keep plain numbers per
// series and hand them to prom-client's registry only when /metrics is scraped (the registry reads any
// object with a name and a get()).

type Labels = Readonly<Record<string, string>>;

interface Exported {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Array<{ labels: Record<string, string | number>; value: number; metricName?: string }>;
}

/** A counter series per label set, made once (e.g. per tool and outcome at startup). */
export class AccumulatedCounter {
  readonly aggregator = 'sum';
  private readonly series: Array<{ labels: Labels; value: number }> = [];

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  child(labels: Labels): { inc(by?: number): void } {
    const series = { labels, value: 0 };
    this.series.push(series);
    return {
      inc(by = 1) {
        series.value += by;
      },
    };
  }

  async get(): Promise<Exported> {
    return { name: this.name, help: this.help, type: 'counter', aggregator: 'sum', values: this.series.map((s) => ({ labels: { ...s.labels }, value: s.value })) };
  }
}

/** A histogram series per label set; `bounds` are the buckets' upper bounds, ascending. */
export class AccumulatedHistogram {
  readonly aggregator = 'sum';
  private readonly series: Array<{ labels: Labels; counts: Float64Array; sum: number; count: number }> = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  child(labels: Labels): { observe(value: number): void } {
    const series = { labels, counts: new Float64Array(this.bounds.length), sum: 0, count: 0 };
    this.series.push(series);
    const bounds = this.bounds;
    return {
      observe(value) {
        series.sum += value;
        series.count += 1;
        for (let i = 0; i < bounds.length; i++) {
          if (value <= bounds[i]!) {
            series.counts[i]! += 1;
            return;
          }
        }
      },
    };
  }

  async get(): Promise<Exported> {
    const values: Exported['values'] = [];
    for (const s of this.series) {
      let cumulative = 0;
      for (const [i, bound] of this.bounds.entries()) {
        cumulative += s.counts[i]!;
        values.push({ labels: { ...s.labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
      }
      values.push({ labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }
}

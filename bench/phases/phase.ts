// The shape of a bench phase: a function of the shared context that measures, and returns its table (printed
// as is), its figures (into the JSON), its targets and its count of failed calls (any makes the run fail).
import type { BenchContext } from '../context';
import type { Target } from '../report';

export interface PhaseResult {
  readonly title: string;
  readonly table: string;
  readonly figures: Record<string, unknown>;
  readonly targets: readonly Target[];
  readonly errors: number;
}

export type Phase = (ctx: BenchContext) => Promise<PhaseResult>;

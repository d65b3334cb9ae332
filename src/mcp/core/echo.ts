// Client-supplied text that an answer repeats (a tool name, a method) is cut to a bounded length with a
// marker, so a hostile 6 MB name costs a short answer, not a second copy (issue 20).
import { boundString } from '../../logging/bound';

/** Longest client-supplied string an answer repeats, and longest string id or progress token accepted. */
export const MAX_ECHO = 200;

/** `text` as an answer may repeat it: at most MAX_ECHO characters, then `…[N more]`. */
export function echoed(text: string): string {
  return boundString(text, MAX_ECHO);
}

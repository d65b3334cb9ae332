// Client-supplied text that an answer repeats (a tool name, a method) is cut to a bounded length with a
// marker, so a hostile 6 MB name costs a short answer, not a second copy, and its control and
// bidirectional characters are written as escapes (`\u202e`), so a client's screen shows them instead of
// reordering the sentence around them.
import { boundString } from '../../logging/bound';

/** Longest client-supplied string an answer repeats, and longest string id or progress token accepted. */
export const MAX_ECHO = 200;

/** `text` as an answer may repeat it: at most `max` characters, then `…[N more]`, controls escaped. */
export function echoed(text: string, max = MAX_ECHO): string {
  return boundString(text, max);
}

// What dynamic mode shows of an operation's description: its summary (a generated tool's description is the
// document's summary, a blank line, then its description) and, apart, the rest. A hand-written tool's
// description is one paragraph: its first sentence is the summary.

/** A summary longer than this is cut at a word: find_operations lists twenty a page. */
const SUMMARY = 160;
/** The rest of the description, as describe_operation gives it: the importer's bound for a description. */
const DETAIL = 1000;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

/** The summary (the first paragraph's first sentence) and the rest, whole. */
function split(description: string): { summary: string; rest: string } {
  const text = description.trim();
  const paragraphEnd = /\n[ \t]*\n/.exec(text)?.index ?? text.length;
  const sentenceEnd = /[.!?](?=\s)/.exec(text.slice(0, paragraphEnd));
  const at = sentenceEnd ? sentenceEnd.index + 1 : paragraphEnd;
  return { summary: oneLine(text.slice(0, at)), rest: text.slice(at).trim() };
}

/** The first paragraph's first sentence, on one line, at most 160 characters. */
export const summaryOf = (description: string): string => cut(split(description).summary, SUMMARY);

/** The description after the summary, on one line, at most 1000 characters; '' when there is none. */
export const detailOf = (description: string): string => cut(oneLine(split(description).rest), DETAIL);

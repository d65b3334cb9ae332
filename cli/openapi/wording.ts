// What a model reads of a generated tool: its description and its hints. Descriptions come from the
// operation's summary and description, without notes meant for testers, and two operations never read
// alike. Hints follow the method, except a GET that signs in or out, which changes state.
import { callDescription } from '../scaffold/describe';
import { ANNOTATIONS } from '../scaffold/shapes';
import { plainText } from './plain-text';
import type { Operation } from './operations';

/** A model reads the whole description on every turn: keep it to a few sentences. */
const MAX_DESCRIPTION = 1000;

/** Sentences written for someone trying the API by hand ("For valid response try integer IDs…"). */
const TESTER_NOTE = /[^.!?\n]*\b(?:for (?:a )?valid response try|(?:other|negative|non-integer)[^.!?\n]*values will generated? (?:exceptions?|api errors)|use this (?:endpoint|operation) for testing)\b[^.!?\n]*[.!?]?/gi;

function clean(text: string | undefined): string | undefined {
  const kept = plainText(text)?.replace(TESTER_NOTE, '').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').replace(/ {2,}/g, ' ').trim();
  return kept === '' ? undefined : kept;
}

function cut(text: string): string {
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1).replace(/\s+\S*$/, '')}…` : text;
}

/** Summary and description, without tester notes; the call in words when the document says nothing. */
export function baseDescription(op: Pick<Operation, 'summary' | 'description' | 'method' | 'apiPath' | 'path'>): string {
  const summary = clean(op.summary);
  const description = clean(op.description);
  const parts = [summary, description && description !== summary ? description : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : `${callDescription(op.method, op.apiPath)} (${op.method} ${op.path}).`;
}

/** One description per operation; those that would read alike end with their method and path. */
export function distinctDescriptions(operations: readonly Operation[]): Map<Operation, string> {
  const texts = new Map(operations.map((op) => [op, baseDescription(op)]));
  const counts = new Map<string, number>();
  for (const text of texts.values()) counts.set(text, (counts.get(text) ?? 0) + 1);
  const out = new Map<Operation, string>();
  for (const [op, text] of texts) {
    const call = `(${op.method} ${op.path})`;
    out.set(op, (counts.get(text) ?? 0) > 1 && !text.includes(call) ? `${cut(text).slice(0, MAX_DESCRIPTION - call.length - 1)} ${call}` : cut(text));
  }
  return out;
}

/** A GET that signs in or out changes the session: not read-only, and worth a look. */
const SESSION_CHANGE = /(?:^|[_/.-])(?:log_?in|log_?out|sign_?in|sign_?out|logon|logoff)(?:$|[_/.{-])/i;

/** Verbs that undo, end or take away: an operation named so is destructive whatever its method. */
const DESTRUCTIVE_VERBS = new Set(['cancel', 'delete', 'void', 'refund', 'revoke', 'remove', 'close', 'archive', 'destroy', 'purge', 'terminate', 'kick', 'detach', 'disable', 'reject', 'expire', 'unsubscribe', 'erase', 'wipe']);

/** The words of an operationId (`cancelPaymentIntent`, `conversations.kick`, `PostPaymentIntentsIntentCancel`) or of a summary. */
const words = (text: string | undefined) =>
  (text ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** What a description says when the call ends or takes away something: "terminates a call", "permanently deletes". */
const DESTRUCTIVE_PHRASE = /\b(?:permanently (?:deletes?|removes?|destroys?|erases?)|(?:deletes|terminates|destroys|purges|erases|wipes|revokes|cancels|removes) (?:an? |the |this |all |any |every |one |)[a-z]+)/i;

/** Why a non-GET operation is destructive beyond its method: a verb in its id or summary, its description's words, or an `x-` hint of the document. */
export function destructiveReason(op: Pick<Operation, 'method' | 'operationId' | 'summary' | 'extensions'> & { description?: string | undefined }): string | undefined {
  if (op.method === 'GET' || op.method === 'DELETE') return undefined;
  const hint = Object.entries(op.extensions).find(([key, value]) => /destructive|dangerous/i.test(key) && value !== false && value !== undefined && value !== null);
  if (hint) return `the document's ${hint[0]}`;
  const verb = [...words(op.operationId), ...words(op.summary)].find((word) => DESTRUCTIVE_VERBS.has(word));
  if (verb) return `the verb "${verb}" in its ${words(op.operationId).includes(verb) ? 'operationId' : 'summary'}`;
  const phrase = DESTRUCTIVE_PHRASE.exec(plainText(op.description) ?? '')?.[0];
  return phrase ? `the words "${phrase}" in its description` : undefined;
}

/** MCP annotations: readOnlyHint for GET only, destructiveHint for DELETE and destructive verbs, idempotentHint for PUT and DELETE. */
export function annotationsFor(
  op: Pick<Operation, 'method' | 'path' | 'toolName'> & Partial<Pick<Operation, 'operationId' | 'summary' | 'description' | 'extensions'>>,
): { annotations: string; review?: string } {
  if (op.method === 'GET' && (SESSION_CHANGE.test(op.toolName) || SESSION_CHANGE.test(op.path))) {
    return {
      annotations: '{ readOnlyHint: false, idempotentHint: false }',
      review: 'a GET that signs in or out is not marked read-only: check what it changes',
    };
  }
  const destructive = destructiveReason({ method: op.method, operationId: op.operationId ?? op.toolName, summary: op.summary, description: op.description, extensions: op.extensions ?? {} });
  if (destructive) {
    return {
      annotations: `{ destructiveHint: true, idempotentHint: ${op.method === 'PUT' ? 'true' : 'false'} }`,
      review: `marked destructive from ${destructive}: check it`,
    };
  }
  return { annotations: ANNOTATIONS[op.method] };
}

// The sentence a tool can answer with when its question to the user got no answer: hosts run headless
// answer `cancel` (Claude Code -p) or `decline` (Codex exec) at once, others cannot ask at all (-32601).
// The model then needs the question, the choices and how to call again, or it has no way forward.
import type { ElicitRequest, FormSchema } from './client-request-types';

/** The tool that asked: its name and the arguments it takes (its tools/list descriptor). */
export interface Asker {
  name: string;
  inputSchema: { [key: string]: unknown };
}

export type Unanswered = 'decline' | 'cancel' | 'unsupported';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `acme` or `acme ("Acme Corp")`: the value to send, and its title where it says more. */
function choice(option: unknown): string | undefined {
  if (!isObject(option) || !('const' in option)) return undefined;
  const value = String(option.const);
  return typeof option.title === 'string' && option.title.toLowerCase() !== value.toLowerCase() ? `${value} ("${option.title}")` : value;
}

/** The values a form field accepts, where it names them (enum, oneOf/anyOf of consts, booleans). */
function choicesOf(field: Record<string, unknown>): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum.map(String);
  const options = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : undefined;
  if (options !== undefined) {
    const named = options.map(choice).filter((value): value is string => value !== undefined);
    return named.length > 0 ? named : undefined;
  }
  if (field.type === 'boolean') return ['true', 'false'];
  return undefined;
}

/** "organisation set to one of: acme, globex" for one form field that is also an argument of the tool. */
function argumentClause(name: string, field: unknown): string {
  if (!isObject(field)) return `${name} set to the user's answer`;
  const many = field.type === 'array' && isObject(field.items);
  const choices = choicesOf(many ? (field.items as Record<string, unknown>) : field);
  if (choices === undefined) return `${name} set to the user's answer`;
  return `${name} set to ${many ? 'any of' : 'one of'}: ${choices.join(', ')}`;
}

/** "call create_order again with organisation set to one of: acme, globex". */
function callAgain(schema: FormSchema, asker: Asker): string {
  const accepted = isObject(asker.inputSchema.properties) ? asker.inputSchema.properties : {};
  const clauses = Object.entries(schema.properties)
    .filter(([name]) => Object.hasOwn(accepted, name))
    .map(([name, field]) => argumentClause(name, field));
  return clauses.length === 0 ? `call ${asker.name} again` : `call ${asker.name} again with ${clauses.join(' and ')}`;
}

/**
 * What the model should do next, for a question that got `action`: the question in the tool's words, the
 * choices, and the call that goes on without asking (a form field that is also the tool's argument).
 */
export function nextStep(request: ElicitRequest, action: Unanswered, asker: Asker): string {
  const message = request.message.trim();
  if (request.mode === 'url') {
    const open = `ask the user to open ${request.url}, then call ${asker.name} again once they are done.`;
    if (action === 'unsupported') return `This client cannot send the user to a page ("${message}"). To go on, ${open}`;
    return `The user did not finish "${message}" (${action}). If they still want to go on, ${open}`;
  }
  const question = `"${/[.?!]$/.test(message) ? message : `${message}.`}"`;
  const then = callAgain(request.schema, asker);
  if (action === 'unsupported') return `This client cannot ask the user: ${question} To go on, ask the user, then ${then}.`;
  if (action === 'decline') return `The user declined to answer: ${question} If they still want to go on, ask them, then ${then}.`;
  return `The question was closed without an answer: ${question} To go on, ask the user, then ${then}.`;
}

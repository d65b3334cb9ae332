// What a tool is, as types only: the spec a tool file gives `defineTool` and the frozen Tool it gets back.
// One floor below define-tool.ts, api-name.ts and results.ts, which all speak of tools and results.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ToolContext } from './context';
import type { AccountPlace, CredentialPlace, Placement } from '../upstream/placement';

export type ToolResult = CallToolResult;

/** Hints for clients (MCP 2025-03-26): never security decisions, the customer's API decides. */
export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/**
 * What a handler may return: text or a full result; with `output`, that object, or (without `text`) its
 * JSON as the API sent it (`as: 'text'`), parsed only for clients that receive `structuredContent`.
 */
export type HandlerReturn<Out> = [Out] extends [z.ZodRawShape] ? z.input<z.ZodObject<Out>> | string : string | ToolResult;

export interface ToolSpec<Shape extends z.ZodRawShape, Out extends z.ZodRawShape | undefined = undefined> {
  /** Letters, digits, _ and -; at most 64 characters. By convention the file name in tools/. */
  name: string;
  /** A short human-readable name for clients' menus, e.g. "Get order". */
  title?: string;
  /** Written for the model: what the tool does, when to use it, what it returns. */
  description: string;
  input: Shape;
  /** Declares the shape of the answer (MCP 2025-06-18 `outputSchema`); the handler then returns that object. */
  output?: Out;
  /**
   * With `output`: the text that goes beside `structuredContent`, for the model and for clients that read
   * only text (the hub's lane, hosts before 2025-06-18). Default: the object as JSON.
   */
  text?: [Out] extends [z.ZodRawShape] ? (output: z.output<z.ZodObject<Out>>) => string : never;
  annotations?: ToolAnnotations;
  /**
   * How error sentences name the API this tool calls, e.g. "the billing system" (default: CUSTOMER_API_NAME).
   * Set it when this tool's calls reach a system users know by another name.
   */
  apiName?: string;
  /**
   * OAuth scopes a caller's token must carry to run this tool when `/mcp` serves hosted assistants
   * (MCP_AUTH=oauth, src/auth). Ignored on the hub's lane and with MCP_AUTH=headers, where the customer's
   * API decides. Default: none.
   */
  scopes?: readonly string[];
  /**
   * The tool acts for a person (their orders, their inbox): a machine caller, signed in for itself with
   * OAuth client credentials on `/mcp` (a CI job, a backend), gets a sentence saying it needs a user, and
   * nothing is run. Default false: a machine caller runs it with the credentials made for it.
   */
  needsUser?: boolean;
  /**
   * MCP Apps: the `ui://` view a host renders for this tool's results (`defineView`). The tool
   * still answers with text (and `structuredContent` with `output`), so clients without views lose nothing.
   */
  view?: `ui://${string}`;
  /**
   * Who may call the tool where views are shown: `['model', 'app']` (default), or `['app']` for a helper
   * only its view calls, which hosts hide from the model and the hub's lane does not list.
   */
  visibility?: readonly ('model' | 'app')[];
  /**
   * Long-running work (docs/tasks.md): the call may run as a task, which the client polls, where the client
   * can take one (2026-07-28 with the Tasks extension declared, or a 2025-11-25 call asking for a task).
   * 'optional' and 'required' alike run inline for every other client (the hub's lane included); 'required'
   * is what 2025-11-25 clients are told (`execution.taskSupport`). Default: never a task.
   */
  task?: TaskSupport;
  /**
   * The API's security requirements (OpenAPI `security`): alternatives, each a list of schemes all sent. The
   * server puts each value where its scheme says (an API key in the query, a header or a cookie; HTTP basic
   * or bearer), from UPSTREAM_CREDENTIALS or the caller's headers, never from the model. Default: none,
   * the caller's credential headers are forwarded as they are.
   */
  credentials?: readonly (readonly CredentialPlace[])[];
  /** Parameters that name the caller's account (a tenant id header): filled like credentials, never inputs. */
  account?: readonly AccountPlace[];
  handler(input: z.output<z.ZodObject<Shape>>, ctx: ToolContext): Promise<HandlerReturn<Out>> | HandlerReturn<Out>;
}

/** A tool ready to serve: its descriptor and validators are built once, when the file is loaded. */
export interface Tool {
  readonly name: string;
  readonly descriptor: {
    name: string;
    title?: string;
    description: string;
    inputSchema: { type: 'object'; [key: string]: unknown };
    outputSchema?: { type: 'object'; [key: string]: unknown };
    annotations?: ToolAnnotations;
    /** 2025-11-25: whether the tool may run as a task (only on tools that declare `task`). */
    execution?: { taskSupport: TaskSupport };
  };
  /** The descriptor where views are shown: `_meta.ui` (and the older `ui/resourceUri`) when the tool has a view. */
  readonly appDescriptor: Tool['descriptor'] & { _meta?: Record<string, unknown> };
  /** The tool's view (`ui://…`), if any. */
  readonly view?: string;
  /** False for a helper only its view calls (visibility `['app']`): absent from lists without views. */
  readonly forModel: boolean;
  /** Whether the tool may run as a task (`task`); undefined: never. */
  readonly task?: TaskSupport;
  readonly schema: z.ZodType;
  /** OAuth scopes required in MCP_AUTH=oauth mode (empty: none). */
  readonly scopes: readonly string[];
  /** A machine caller (no user) is refused with a sentence (`needsUser`); undefined: anyone may call. */
  readonly needsUser?: true;
  /** Checks the handler's answer when the tool declares an output shape. */
  readonly outputSchema?: z.ZodType;
  /** The text of a structured answer (`text`); JSON when absent. */
  readonly textOf?: (output: never) => string;
  /** Where its credentials go, compiled once from `credentials` and `account`; undefined without them. */
  readonly placement?: Placement;
  readonly handler: (input: never, ctx: ToolContext) => Promise<unknown> | unknown;
}

/**
 * A tool whose input is a raw JSON Schema (2020-12: `$schema`, `$defs`, `$ref`, `additionalProperties`):
 * listed unchanged, validated on each call. The handler gets the arguments as sent.
 */
export type RawSchemaToolSpec<Out extends z.ZodRawShape | undefined = undefined> = Omit<ToolSpec<z.ZodRawShape, Out>, 'input' | 'handler'> & {
  inputSchema: { type: 'object'; [key: string]: unknown };
  handler(input: Record<string, unknown>, ctx: ToolContext): Promise<HandlerReturn<Out>> | HandlerReturn<Out>;
};

/** Whether a tool may run as a task: 'optional' (the client may ask) or 'required' (always, where the client can). */
export type TaskSupport = 'optional' | 'required';

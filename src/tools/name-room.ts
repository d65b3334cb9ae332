// Room for a host's prefix in a tool's name. Hosts name a server's tools for the model with a prefix
// (`mcp__<server>__x` in Claude Code and Codex, `mcp_<server>_x` in Gemini CLI, `<server>_x` in opencode),
// and model providers cap a function's name at 64 characters: a long name is cut or refused there.

/** The providers' cap on a function name, prefix included. */
export const NAME_CAP = 64;

/** About what a host's prefix takes (`mcp__` + a server name + `__`). */
export const HOST_PREFIX_ROOM = 20;

/** The longest name that leaves that room: 44. */
export const ROOMY_NAME_LENGTH = NAME_CAP - HOST_PREFIX_ROOM;

const PREFIXES = 'mcp__<server>__ (Claude Code, Codex), mcp_<server>_ (Gemini CLI), <server>_ (opencode)';

/** The warning for a name too long for a host's prefix, or undefined when it fits. */
export function nameRoomWarning(name: string): string | undefined {
  if (name.length <= ROOMY_NAME_LENGTH) return undefined;
  const left = Math.max(0, NAME_CAP - name.length);
  return (
    `Tool name "${name}" is ${name.length} characters, which leaves ${left} for the prefix hosts put before it ` +
    `(${PREFIXES}) within the ${NAME_CAP} characters model providers allow; a prefix takes about ${HOST_PREFIX_ROOM}. ` +
    `Shorten it to ${ROOMY_NAME_LENGTH} characters or fewer, or some hosts will cut or refuse it.`
  );
}

// An operation whose documented success is a redirect (Jira's asynchronous deletes answer 303 See Other
// with a task to poll): ctx.api takes any answer outside 2xx for a failure, so no tool is generated, and
// the reason says so instead of "declares no success answer".

type Responses = Record<string, unknown>;

/** Why the operation is skipped when its only success is a 3xx, or undefined. */
export function redirectOnly(responses: Responses | undefined): string | undefined {
  const statuses = Object.keys(responses ?? {});
  if (statuses.some((status) => /^(2|default$)/i.test(status))) return undefined;
  const redirect = statuses.find((status) => /^3\d\d$/.test(status));
  if (redirect === undefined) return undefined;
  const what = redirect === '303' ? '303 See Other (the work goes on elsewhere; the Location header says where to look)' : `${redirect} redirect`;
  return `its documented success is a ${what}, which ctx.api answers as a failure: write this tool by hand`;
}

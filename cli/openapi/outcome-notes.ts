// Errors inside a 200: an API whose answers carry an `ok` boolean and an `error` string (Slack's
// `200 {"ok": false, "error": "channel_not_found"}`) fails with a success status. The review notes
// propose the UPSTREAM_ERROR_WHEN setting that turns such an answer into an error.
import { mergeAllOf, typesOf, type Schema } from './schema';

type Responses = Record<string, { content?: Record<string, { schema?: Schema }> } | undefined>;

/** The JSON schemas of the success answers and of `default` (where Slack describes its `ok: false`). */
function answerSchemas(responses: Responses | undefined): { success: Schema[]; other: Schema[] } {
  const pick = (wanted: (status: string) => boolean) =>
    Object.entries(responses ?? {})
      .filter(([status]) => wanted(status))
      .flatMap(([, response]) => Object.values(response?.content ?? {}).flatMap((media) => (media.schema ? [mergeAllOf(media.schema)] : [])));
  return { success: pick((status) => /^2/.test(status)), other: pick((status) => status === 'default') };
}

const has = (schema: Schema, name: string, type: string) => {
  const property = schema.properties?.[name];
  return property !== undefined && typesOf(mergeAllOf(property)).types.includes(type);
};

export function okErrorNote(responses: Responses | undefined): string | undefined {
  const { success, other } = answerSchemas(responses);
  if (!success.some((schema) => has(schema, 'ok', 'boolean'))) return undefined;
  if (![...success, ...other].some((schema) => has(schema, 'error', 'string'))) return undefined;
  return 'its answers carry `ok` and `error`: a failure comes back as HTTP 200 with ok: false; set UPSTREAM_ERROR_WHEN=ok:false so it reaches the model as an error';
}

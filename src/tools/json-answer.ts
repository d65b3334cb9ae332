// For a generated tool whose API answers JSON under a media type that does not say so (an OpenAPI `*/*`
// or text/plain with a JSON schema): the body is asked for as text (`as: 'text'`) and parsed here, so
// the answer is read whatever Content-Type the API sends. Anything that is not JSON is a plain refusal.
import { ToolError } from './tool-error';

/** The parsed answer (null for an empty body); a ToolError when the API sent something other than JSON. */
export function jsonAnswer(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Nothing of the body reaches the model: it may hold anything the API sent.
    throw new ToolError('The API answered in a format other than JSON, which this tool cannot read. Try again later; if it happens again, tell the user the API sent an unexpected answer.', { cause: error });
  }
}

// A request body of text in a format of its own (XML, as the Amazon Web Services documents declare theirs;
// plain text, YAML, CSV, any type with a string schema): one string input the model writes, sent as it is
// with the document's media type. A model writes XML as well as JSON; converting a JSON input to XML
// would guess at attributes, namespaces and wrapped lists, which only the document's author knows.
import type { Body } from './operation';
import { TEXT } from './answers';
import { mergeAllOf, type Schema } from './schema';

/** A media type the body can be sent as text in: the answers' text types, but never binary data. */
export const isTextBody = (type: string, schema: Schema | undefined): boolean => TEXT.test(type) && mergeAllOf(schema ?? {}).format !== 'binary';

/** The body, sent as `type` (`*\/*` is sent as plain text: it names no type to send). */
export function textBodyOf(type: string, schema: Schema | undefined, common: Pick<Body, 'required' | 'description'>): Body {
  const merged = mergeAllOf(schema ?? {}) as Schema & { xml?: { name?: string } };
  const mediaType = type === '*/*' ? 'text/plain' : type.replace(/;.*$/, '');
  const root = /xml/i.test(mediaType) && merged.xml?.name ? `, its root element <${merged.xml.name}>` : '';
  const description = common.description?.trim() || `The request body, as ${mediaType} text${root}, written as the API's documentation describes it.`;
  return { kind: 'text', mediaType, schema: { type: 'string' }, encoding: {}, required: common.required, description };
}

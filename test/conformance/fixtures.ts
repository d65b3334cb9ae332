// The conformance fixture's tools, resources and prompts, named as the official suite's scenarios name
// them (each scenario's description says what it must return); served by ./mcp-server.ts and used by the
// SDK v2 client's tests of the same features on 2026-07-28.
import { z } from 'zod';
import { completable, definePrompt } from '../../src/prompts';
import { defineResource, defineResourceTemplate } from '../../src/resources';
import { defineTool, errorResult, type ToolResult } from '../../src/tools';

// A 1×1 PNG and a tiny WAV header: the suite only checks the content items' shapes.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

export const tools = [
  defineTool({ name: 'test_simple_text', description: 'Returns a fixed text.', input: {}, handler: () => 'This is a simple text response for testing.' }),
  defineTool({
    name: 'test_image_content',
    description: 'Returns an image.',
    input: {},
    handler: (): ToolResult => ({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }),
  }),
  defineTool({
    name: 'test_audio_content',
    description: 'Returns audio.',
    input: {},
    handler: (): ToolResult => ({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] }),
  }),
  defineTool({
    name: 'test_embedded_resource',
    description: 'Returns an embedded resource.',
    input: {},
    handler: (): ToolResult => ({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    }),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and a resource.',
    input: {},
    handler: (): ToolResult => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    }),
  }),
  defineTool({ name: 'test_error_handling', description: 'Always fails.', input: {}, handler: () => errorResult('This tool intentionally returns an error for testing') }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress three times.',
    input: { steps: z.number().int().min(1).max(10).default(3).describe('How many progress steps.') },
    handler: async ({ steps }, ctx) => {
      for (let i = 1; i <= steps; i++) ctx.progress(i * (100 / steps), 100, `step ${i}`);
      return `Progress test completed with ${steps} steps`;
    },
  }),
  defineTool({
    name: 'test_tool_with_logging',
    description: 'Sends three log messages while it runs.',
    input: {},
    handler: async (_input, ctx) => {
      ctx.log('info', 'Tool execution started');
      await new Promise((resolve) => setTimeout(resolve, 50));
      ctx.log('info', 'Tool processing data');
      await new Promise((resolve) => setTimeout(resolve, 50));
      ctx.log('info', 'Tool execution completed');
      return 'Logging test completed';
    },
  }),
  defineTool({
    name: 'test_sampling',
    description: "Asks the client's model to answer a prompt.",
    input: { prompt: z.string().describe('The prompt to send to the LLM') },
    handler: async ({ prompt }, ctx) => {
      const answer = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
      if (answer.action === 'unsupported') return errorResult(`Sampling is not available: ${answer.reason}`);
      return `LLM response: ${answer.content.type === 'text' ? String(answer.content.text) : JSON.stringify(answer.content)}`;
    },
  }),
  defineTool({
    name: 'test_elicitation',
    description: 'Asks the user for a user name and an e-mail address.',
    input: { message: z.string().describe('The message to show the user') },
    handler: async ({ message }, ctx) => {
      const answer = await ctx.elicit({
        message,
        schema: {
          type: 'object',
          properties: { username: { type: 'string', description: "User's response" }, email: { type: 'string', description: "User's email address" } },
          required: ['username', 'email'],
        },
      });
      if (answer.action === 'unsupported') return errorResult(`Elicitation is not available: ${answer.reason}`);
      return `User response: action=${answer.action}${answer.action === 'accept' ? `, content=${JSON.stringify(answer.content)}` : ''}`;
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks for fields of every primitive type, each with a default.',
    input: {},
    handler: async (_input, ctx) => {
      const answer = await ctx.elicit({
        message: 'Please review the defaults',
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'User name', default: 'John Doe' },
            age: { type: 'integer', description: 'User age', default: 30 },
            score: { type: 'number', description: 'User score', default: 95.5 },
            status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', description: 'Verification status', default: true },
          },
          required: [],
        },
      });
      return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.content : {})}`;
    },
  }),
  defineTool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks with every kind of enum field.',
    input: {},
    handler: async (_input, ctx) => {
      const answer = await ctx.elicit({
        message: 'Please pick the options',
        schema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
            untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
            titledMulti: {
              type: 'array',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
          required: [],
        },
      });
      return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.action === 'accept' ? answer.content : {})}`;
    },
  }),
  defineTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
      properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
      additionalProperties: false,
    },
    handler: (input) => `Received: ${JSON.stringify(input)}`,
  }),
];

export const resources = [
  defineResource({
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A static text resource.',
    mimeType: 'text/plain',
    read: () => 'This is the content of the static text resource.',
  }),
  defineResource({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static binary resource (a PNG).',
    mimeType: 'image/png',
    read: () => Buffer.from(PNG, 'base64'),
  }),
  defineResource({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource clients may subscribe to.',
    mimeType: 'text/plain',
    read: () => 'Watched resource content.',
  }),
];

export const resourceTemplates = [
  defineResourceTemplate({
    uriTemplate: 'test://template/{id}/data',
    name: 'template-data',
    description: 'Data for one id.',
    mimeType: 'application/json',
    read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
    complete: { id: (value) => ['123', '456', '789'].filter((id) => id.startsWith(value)) },
  }),
];

export const prompts = [
  definePrompt({ name: 'test_simple_prompt', description: 'A prompt without arguments.', get: () => 'This is a simple prompt for testing.' }),
  definePrompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments.',
    arguments: {
      arg1: completable(z.string().describe('First test argument'), (value) => ['paris', 'park', 'party', 'test1', 'test2'].filter((word) => word.startsWith(value))),
      arg2: z.string().describe('Second test argument'),
    },
    get: ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`,
  }),
  definePrompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds a resource.',
    arguments: { resourceUri: z.string().describe('URI of the resource to embed') },
    get: ({ resourceUri }) => [
      { role: 'user', content: { type: 'resource', resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' } } },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  }),
  definePrompt({
    name: 'test_prompt_with_image',
    description: 'A prompt with an image.',
    get: () => [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }),
];

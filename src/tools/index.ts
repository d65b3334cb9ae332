// What a tool file imports: `import { defineTool, ToolError } from '../src/tools';`
export { defineTool, type Tool, type ToolSpec, type ToolAnnotations } from './define-tool';
export { ToolError } from './tool-error';
export { textResult, errorResult, type ToolResult } from './results';
export { DEFAULT_API_NAME, withApiName } from './api-name';
export type { ToolContext, UserFiles, LibraryFile } from './context';

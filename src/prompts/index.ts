// Everything a prompt file needs: `import { definePrompt, completable } from '../src/prompts';`
export { definePrompt, completable, type Prompt, type PromptSpec, type PromptMessage, type PromptAnswer, type PromptDescriptor, type Completer } from './define-prompt';
export { createPromptSet, NO_PROMPTS, MAX_COMPLETIONS, type PromptSet, type PromptSetOptions, type CompletionAnswer } from './prompt-set';
export type { RequestContext, ContentBlock } from './types';

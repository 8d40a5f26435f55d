import type { ComponentType } from 'react';
import type { QuestionProps } from './renderer/Field';

/**
 * The renderers the page uses: the registry as it is. The bench's build (`webpack --env bench`, bench/run.ts)
 * replaces this module with bench/countedRenderers.ts, which wraps each one to count its question's renders, so
 * production code carries no measuring hook.
 */
export const activeRenderers = (
  renderers: Record<string, ComponentType<QuestionProps>>,
): Record<string, ComponentType<QuestionProps>> => renderers;

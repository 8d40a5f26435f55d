import type { ComponentType, ReactNode } from 'react';
import type { QuestionProps } from '../src/features/form';

/**
 * The bench's render counter (bench/typing.ts: "question components re-rendered per keystroke"), put in place of
 * src/features/form/activeRenderers.ts by the bench's build only (webpack.config.ts, `--env bench`). React's
 * <Profiler> reports nothing in a production build, so each renderer is wrapped to report its question's key on
 * every render to `__FORM_RENDER_HOOK__`, which the bench's page defines before the app loads. The wrapper calls
 * the component as a function: its hooks become the wrapper's, so it renders exactly when the question does.
 */
type RenderHook = (questionKey: string) => void;
type Renderers = Record<string, ComponentType<QuestionProps>>;

export function countedRenderers(renderers: Renderers, hook: RenderHook): Renderers {
  return Object.fromEntries(
    Object.entries(renderers as Record<string, (props: QuestionProps) => ReactNode>).map(([type, Inner]) => {
      const Counted = (props: QuestionProps) => {
        hook(props.question.key);
        return Inner(props);
      };
      return [type, Counted];
    }),
  );
}

export function activeRenderers(renderers: Renderers): Renderers {
  const hook = (globalThis as { __FORM_RENDER_HOOK__?: unknown }).__FORM_RENDER_HOOK__;
  return typeof hook === 'function' ? countedRenderers(renderers, hook as RenderHook) : renderers;
}

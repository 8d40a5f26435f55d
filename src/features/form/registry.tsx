/**
 * The renderer registry (ARCHITECTURE: "a registry maps question type to its React component and fails loudly on
 * an unknown type"). One component per question type of definition/types.ts; `satisfies` makes TypeScript
 * refuse a registry that misses a type.
 */
import { lazy, type ComponentType } from 'react';
import { activeRenderers } from './activeRenderers';
import type { Question, QuestionType } from '../../kernel/form/definition/types';
import type { QuestionProps } from './renderer/Field';
import { CheckboxGroupQuestion } from './questions/CheckboxGroupQuestion';
import { CheckboxQuestion } from './questions/CheckboxQuestion';
import { ConfirmationQuestion } from './questions/ConfirmationQuestion';
import { ContentQuestion } from './questions/ContentQuestion';
import { DateQuestion } from './questions/DateQuestion';
import { DropdownQuestion } from './questions/DropdownQuestion';
import { LookupQuestion } from './questions/LookupQuestion';
import { MonthYearQuestion } from './questions/MonthYearQuestion';
import { PhoneQuestion } from './questions/PhoneQuestion';
import { RadioQuestion } from './questions/RadioQuestion';
import { SsnQuestion } from './questions/SsnQuestion';
import { TextareaQuestion } from './questions/TextareaQuestion';
import { TextQuestion } from './questions/TextQuestion';

/**
 * The upload and the tabs around it (the largest questions, on Final Steps only) and the add-another lists (Your
 * Academics) come in their own chunk, so About You's first download does not carry them. preloadLargeQuestions()
 * loads it (those pages' loaders and the build's shells wait for it): once loaded they render at once; before, the
 * page waits for them as for its own chunk.
 */
type Large = typeof import('./questions/largeQuestions');
let large: Large | undefined;
let loading: Promise<Large> | undefined;
export const preloadLargeQuestions = (): Promise<Large> =>
  (loading ??= import(/* webpackChunkName: "questions-large" */ './questions/largeQuestions').then((m) => (large = m)));

function deferred<P extends object>(pick: (m: Large) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => preloadLargeQuestions().then((m) => ({ default: pick(m) })));
  return function Deferred(props: P) {
    const Loaded = large ? pick(large) : null;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}

const AddAnotherQuestion = deferred((m) => m.AddAnotherQuestion);
const DocumentQuestion = deferred((m) => m.DocumentQuestion);
const TabsQuestion = deferred((m) => m.TabsQuestion);

type Renderers = { [T in QuestionType]: ComponentType<QuestionProps<Extract<Question, { type: T }>>> };

export const RENDERERS = {
  text: TextQuestion,
  password: TextQuestion,
  textarea: TextareaQuestion,
  date: DateQuestion,
  radio: RadioQuestion,
  dropdown: DropdownQuestion,
  checkbox: CheckboxQuestion,
  checkboxGroup: CheckboxGroupQuestion,
  monthYear: MonthYearQuestion,
  phone: PhoneQuestion,
  ssn: SsnQuestion,
  lookup: LookupQuestion,
  confirmation: ConfirmationQuestion,
  addAnother: AddAnotherQuestion,
  tabs: TabsQuestion,
  document: DocumentQuestion,
  content: ContentQuestion,
} satisfies Renderers;

/** The renderers in use: the registry itself, except in the bench's build (activeRenderers.ts says how). */
const ACTIVE = activeRenderers(RENDERERS as Record<string, ComponentType<QuestionProps>>);

/** The component for a question; an unknown type is a definition error, thrown with the type and the key. */
export function rendererFor(question: { type: string; key: string }): ComponentType<QuestionProps> {
  const renderer = Object.hasOwn(ACTIVE, question.type) ? ACTIVE[question.type] : undefined;
  if (!renderer) {
    throw new Error(
      `No renderer for question type "${question.type}" (question "${question.key}"). Add it to src/features/form/registry.ts.`,
    );
  }
  return renderer;
}

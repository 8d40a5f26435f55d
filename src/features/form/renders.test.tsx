import { Profiler, type ComponentType, type ProfilerOnRenderCallback } from 'react';
import { act, screen } from '@testing-library/react';
import { answerChanged } from '../answers/answersSlice';
import { ABOUT_PAGE } from '../../kernel/form/definition/about';
import { text } from '../../kernel/form/definition/builders';
import { FormPage } from './FormPage';
import type { QuestionProps } from './renderer/Field';
import { QuestionRenderer } from './renderer/QuestionRenderer';
import { RENDERERS } from './registry';
import { formState, renderForm } from './testing';

/**
 * ARCHITECTURE: "a field subscribes to its own answer: typing in one field re-renders that field and its
 * dependants only". These tests count renders per question key.
 */
describe('per-field subscriptions', () => {
  it('typing in first_name re-renders first_name only (React Profiler)', async () => {
    const renders: Record<string, number> = {};
    const onRender: ProfilerOnRenderCallback = (id) => {
      renders[id] = (renders[id] ?? 0) + 1;
    };
    const { user } = renderForm(
      <>
        {[text('first_name', 'First Name'), text('last_name', 'Last Name')].map((q) => (
          <Profiler key={q.key} id={q.key} onRender={onRender}>
            <QuestionRenderer question={q} />
          </Profiler>
        ))}
      </>,
    );
    expect(renders).toEqual({ first_name: 1, last_name: 1 });
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
    expect(renders).toEqual({ first_name: 4, last_name: 1 });
  });

  describe('on the whole About You page', () => {
    const original = { ...RENDERERS };
    const counts: Record<string, number> = {};
    const onRender: ProfilerOnRenderCallback = (id) => {
      counts[id] = (counts[id] ?? 0) + 1;
    };
    /** Each question's component inside a Profiler named by its key: counts every commit of that subtree. */
    function counting<Q extends QuestionProps['question']>(Inner: ComponentType<QuestionProps<Q>>) {
      return function Counted(props: QuestionProps<Q>) {
        return (
          <Profiler id={props.question.key} onRender={onRender}>
            <Inner {...props} />
          </Profiler>
        );
      };
    }
    beforeAll(() => {
      for (const type of Object.keys(RENDERERS) as (keyof typeof RENDERERS)[]) {
        (RENDERERS as Record<string, unknown>)[type] = counting(original[type] as ComponentType<QuestionProps>);
      }
    });
    afterAll(() => Object.assign(RENDERERS, original));
    beforeEach(() => {
      for (const key of Object.keys(counts)) delete counts[key];
    });

    it('typing in first_name does not re-render last_name or any other question', async () => {
      const { user } = renderForm(<FormPage page={ABOUT_PAGE} />);
      const before = { ...counts };
      expect(before.last_name).toBeGreaterThanOrEqual(1);
      await user.type(screen.getByRole('textbox', { name: 'First Name (required)' }), 'Ada');
      const rerendered = Object.keys(counts).filter((key) => counts[key] !== before[key]);
      expect(rerendered).toEqual(['first_name']);
      expect(counts.first_name - before.first_name).toBe(3);
      expect(counts.last_name).toBe(before.last_name);
    });

    it('a change re-renders the questions that depend on it (and only them)', () => {
      const { store } = renderForm(<FormPage page={ABOUT_PAGE} />, formState({ values: { country: 'USA' } }));
      const before = { ...counts };
      act(() => {
        store.dispatch(answerChanged({ key: 'intl_reside', value: 'Y', desc: 'Yes' }));
      });
      const rerendered = Object.keys(counts).filter((key) => counts[key] !== before[key]);
      // The radio itself, and the international phone it reveals (mounted now).
      expect(rerendered.sort()).toEqual(['intl_reside', 'phone_international']);
    });
  });
});

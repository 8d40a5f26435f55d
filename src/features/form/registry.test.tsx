import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { text } from '../../kernel/form/definition/builders';
import { QUESTION_TYPES, type Question } from '../../kernel/form/definition/types';
import { countedRenderers } from '../../../bench/countedRenderers';
import type { QuestionProps } from './renderer/Field';
import { rendererFor, RENDERERS } from './registry';
import { QuestionRenderer } from './renderer/QuestionRenderer';
import { renderForm, renderQuestion, SECTION } from './testing';

describe('the renderer registry', () => {
  it('has a component for every question type of the definition', () => {
    for (const type of QUESTION_TYPES) {
      expect(rendererFor({ type, key: `a_${type}` })).toBe(RENDERERS[type]);
    }
    expect(Object.keys(RENDERERS).sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('fails loudly on an unknown type, naming the type and the key', () => {
    expect(() => rendererFor({ type: 'slider', key: 'happiness' })).toThrow(
      'No renderer for question type "slider" (question "happiness")',
    );
    // Not fooled by Object.prototype.
    expect(() => rendererFor({ type: 'toString', key: 'x' })).toThrow('question type "toString"');
  });

  it('throws while rendering a question of an unknown type (the page error boundary shows it)', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() =>
        renderQuestion({ type: 'slider', key: 'happiness', label: 'How happy?' } as unknown as Question),
      ).toThrow(/question type "slider" \(question "happiness"\)/);
    } finally {
      spy.mockRestore();
    }
  });

  it('the bench’s render counter: each render of a question reports its key, and renders the same', async () => {
    const renders: Record<string, number> = {};
    const counted = countedRenderers(RENDERERS as Record<string, ComponentType<QuestionProps>>, (key) => {
      renders[key] = (renders[key] ?? 0) + 1;
    });
    const Text = counted.text;
    const { user } = renderForm(
      <>
        <Text question={text('first_name', 'First Name')} section={SECTION} Nested={QuestionRenderer} />
        <Text question={text('last_name', 'Last Name')} section={SECTION} Nested={QuestionRenderer} />
      </>,
    );
    expect(renders).toEqual({ first_name: 1, last_name: 1 });
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Ada');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    expect(renders).toEqual({ first_name: 4, last_name: 1 });
    expect(Object.keys(counted).sort()).toEqual(Object.keys(RENDERERS).sort());
  });
});

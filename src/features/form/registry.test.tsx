import { QUESTION_TYPES, type Question } from './definition/types';
import { rendererFor, RENDERERS } from './registry';
import { renderQuestion } from './testing';

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
});

import { userLoggedOut } from '../../shared/events';
import reducer, { answerChanged, answersCleared, answersLoaded, hasAnyAnswer } from './answersSlice';

const empty = reducer(undefined, { type: 'init' });

describe('answers slice', () => {
  it('stores a radio or dropdown answer with its label in {key}_desc', () => {
    const state = reducer(empty, answerChanged({ key: 'gender', value: 'F', desc: 'Female' }));
    expect(state.values).toEqual({ gender: 'F', gender_desc: 'Female' });
  });

  it('makes a typed or pasted answer storable: null characters dropped, half characters shown as �', () => {
    let state = reducer(empty, answerChanged({ key: 'personal_statement_essay', value: 'My\u0000 essay\u0000' }));
    expect(state.values).toEqual({ personal_statement_essay: 'My essay' });
    state = reducer(state, answerChanged({ key: 'first_name', value: 'Ada \ud83d😀\ude00' }));
    expect(state.values.first_name).toBe('Ada \ufffd😀\ufffd');
  });

  it('clears keys together with their _desc companions', () => {
    let state = reducer(empty, answersLoaded({ gender: 'F', gender_desc: 'Female', city: 'Troy' }));
    state = reducer(state, answersCleared(['gender']));
    expect(state.values).toEqual({ city: 'Troy' });
  });

  it('logout empties the answers', () => {
    const state = reducer(reducer(empty, answersLoaded({ a: 'b' })), userLoggedOut());
    expect(state.values).toEqual({});
  });

  it.each([
    [{}, false],
    [{ a: '' }, false],
    [{ a: '  ' }, false],
    [{ a: false }, false],
    [{ a: 'x' }, true],
    [{ a: true }, true],
  ])('hasAnyAnswer(%j) = %s', (values, expected) => {
    expect(hasAnyAnswer(values)).toBe(expected);
  });
});

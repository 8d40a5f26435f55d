import { addListener } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { answerChanged, answersCleared, validationErrorsChanged } from '../answers/answersSlice';
import { errorsOf, formState, LOGGED_IN, VALIDATING, valuesOf, withFormListeners } from './testing';
import { mergeErrors, revalidate, validateApplication } from './validation';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function store(state: Parameters<typeof formState>[0]) {
  const s = makeStore(formState(state));
  withFormListeners(s);
  return s;
}

describe('clearing answers of hidden questions', () => {
  it('a hidden question loses its answer (and _desc)', async () => {
    const s = store({ values: { student_type: 'TR', ceeb_cd: '995001', ceeb_cd_desc: 'Sample State University' } });
    s.dispatch(answerChanged({ key: 'student_type', value: 'FY', desc: 'First-year' }));
    await waitFor(() => expect(valuesOf(s)).toEqual({ student_type: 'FY', student_type_desc: 'First-year' }));
  });

  it('a radio that reveals a question clears it when changed back', async () => {
    const s = store({ values: { conviction: 'Y', conviction_comment: 'Long ago.' } });
    s.dispatch(answerChanged({ key: 'conviction', value: 'N', desc: 'No' }));
    await waitFor(() => expect(valuesOf(s).conviction_comment).toBeUndefined());
  });

  it('a conditional dropdown is cleared when its controlling answer changes', async () => {
    const s = store({ values: { country: 'USA', state: 'NY', state_desc: 'New York' } });
    s.dispatch(answerChanged({ key: 'country', value: 'CAN', desc: 'Canada' }));
    await waitFor(() => expect(valuesOf(s)).toEqual({ country: 'CAN', country_desc: 'Canada' }));
  });

  it('keeps a dependent value set after the change (a lookup filling country then state)', async () => {
    const s = store({ values: { country: 'USA', state: 'NY' } });
    s.dispatch(answerChanged({ key: 'country', value: 'CAN' }));
    s.dispatch(answerChanged({ key: 'state', value: 'ON', desc: 'Ontario' }));
    await settle();
    expect(valuesOf(s)).toEqual({ country: 'CAN', state: 'ON', state_desc: 'Ontario' });
  });

  it('condition groups keep only the active branch', async () => {
    const s = store({ values: { citizenship_type: 'PR', alien_registration_number: 'A123', citizenship: 'MEX' } });
    s.dispatch(answerChanged({ key: 'citizenship_type', value: 'INTL' }));
    await waitFor(() => expect(valuesOf(s).alien_registration_number).toBeUndefined());
    expect(valuesOf(s).citizenship).toBe('MEX');
  });

  it('clears nothing when nothing is hidden', async () => {
    const s = store({ values: { first_name: 'Ada' } });
    const before = s.getState().answers;
    s.dispatch(answerChanged({ key: 'last_name', value: 'Lovelace' }));
    await settle();
    expect(valuesOf(s)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(errorsOf(s)).toBe(before.errors);
  });
});

describe('revalidating while validating', () => {
  it('a change revalidates that field and its dependants only, replacing just those messages', async () => {
    const s = store({
      session: VALIDATING,
      errors: { first_name: ['First Name'], phone_mobile: ['Please enter either a home phone or cell phone number.'] },
    });
    s.dispatch(answerChanged({ key: 'phone_home', value: '(555) 210-0142' }));
    await waitFor(() => expect(errorsOf(s).phone_mobile).toBeUndefined());
    // first_name was not revalidated: its message stays, as the same array.
    expect(errorsOf(s)).toEqual({ first_name: ['First Name'] });

    s.dispatch(answerChanged({ key: 'phone_home', value: '(123) 210-0142' }));
    await waitFor(() =>
      expect(errorsOf(s)).toEqual({
        first_name: ['First Name'],
        phone_home: ['Please enter a valid home phone number.'],
      }),
    );
    s.dispatch(answerChanged({ key: 'phone_home', value: '' }));
    await waitFor(() =>
      expect(errorsOf(s)).toEqual({
        first_name: ['First Name'],
        phone_mobile: ['Please enter either a home phone or cell phone number.'],
      }),
    );
  });

  it('fixing a field removes its message', async () => {
    const s = store({ session: VALIDATING, errors: { first_name: ['First Name'] } });
    s.dispatch(answerChanged({ key: 'first_name', value: 'Ada' }));
    await waitFor(() => expect(errorsOf(s)).toEqual({}));
  });

  it('a cleared (hidden) field loses its messages', async () => {
    const s = store({
      session: VALIDATING,
      values: { conviction: 'Y' },
      errors: { conviction_comment: ['Please describe the circumstances of the conviction.'] },
    });
    s.dispatch(answerChanged({ key: 'conviction', value: 'N' }));
    await waitFor(() => expect(errorsOf(s)).toEqual({}));
  });

  it('before validating, only dates are checked on change', async () => {
    const s = store({ session: LOGGED_IN });
    s.dispatch(answerChanged({ key: 'first_name', value: '' }));
    s.dispatch(answerChanged({ key: 'zip', value: '1' }));
    await settle();
    expect(errorsOf(s)).toEqual({});
    const recent = `${new Date().getFullYear() - 5}-01-01`;
    s.dispatch(answerChanged({ key: 'birth_date', value: recent }));
    await waitFor(() => expect(errorsOf(s)).toEqual({ birth_date: ['You must be 13 years or older to apply.'] }));
    s.dispatch(answerChanged({ key: 'birth_date', value: '2000-01-01' }));
    await waitFor(() => expect(errorsOf(s)).toEqual({}));
  });

  it('handles each action once even when registered twice', async () => {
    const s = store({ session: VALIDATING });
    withFormListeners(s);
    const changes = jest.fn();
    s.dispatch(addListener({ actionCreator: validationErrorsChanged, effect: changes }));
    s.dispatch(answerChanged({ key: 'first_name', value: '' }));
    await waitFor(() => expect(errorsOf(s)).toEqual({ first_name: ['First Name'] }));
    s.dispatch(answerChanged({ key: 'last_name', value: '' }));
    await waitFor(() => expect(errorsOf(s)).toEqual({ first_name: ['First Name'], last_name: ['Last Name'] }));
    await settle();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('answersCleared from a tab switch revalidates the cleared keys', async () => {
    const s = store({
      session: VALIDATING,
      values: { test_optional_interest: 'Y', personal_statement_essay: 'Story' },
    });
    s.dispatch(answersCleared(['personal_statement_essay']));
    await waitFor(() => expect(Object.keys(errorsOf(s))).toEqual(['personal_statement_doc']));
  });
});

describe('validateApplication (for the submit listener)', () => {
  it('every shown field of the whole application, by key, with the spec messages', () => {
    const errors = validateApplication({});
    expect(errors).toMatchObject({
      first_name: ['First Name'],
      last_name: ['Last Name'],
      entry_term: ['When do you plan to enroll?'],
      hs_name: ['Search for Your School'],
      conviction: ['Have you been convicted of a felony?'],
      phone_mobile: ['Please enter either a home phone or cell phone number.'],
    });
    expect(errors.legal_agree).toHaveLength(1);
    // Hidden questions are not checked.
    expect(errors.conviction_comment).toBeUndefined();
    expect(validateApplication({ conviction: 'Y' }).conviction_comment).toEqual([
      'Please describe the circumstances of the conviction.',
    ]);
  });

  it('mergeErrors replaces only the revalidated keys and keeps the map when nothing changed', () => {
    const current = { a: ['A'], b: ['B'] };
    expect(mergeErrors(current, { a: ['A'] })).toBe(current);
    expect(mergeErrors(current, { a: [] })).toEqual({ b: ['B'] });
    const next = mergeErrors(current, { c: ['C'] });
    expect(next).toEqual({ a: ['A'], b: ['B'], c: ['C'] });
    expect(next.a).toBe(current.a);
    expect(revalidate(['first_name'], {})).toEqual({ first_name: ['First Name'] });
  });

  it('validationErrorsChanged replaces the map (the listener merges first)', () => {
    const s = makeStore(formState({ errors: { a: ['A'] } }));
    s.dispatch(validationErrorsChanged({ b: ['B'] }));
    expect(errorsOf(s)).toEqual({ b: ['B'] });
  });
});

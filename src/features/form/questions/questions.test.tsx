import { act, fireEvent, screen, within } from '@testing-library/react';
import { answerChanged, validationErrorsChanged } from '../../answers/answersSlice';
import {
  checkbox,
  checkboxGroup,
  confirmation,
  content,
  date,
  dependentDropdown,
  documentUpload,
  dropdown,
  monthYear,
  phone,
  radio,
  text,
  textarea,
  years,
  yesNo,
} from '../../../kernel/form/definition/builders';
import type { InputQuestion, SsnQuestion } from '../../../kernel/form/definition/types';
import { LONG_OPTION_LIST } from '../renderer/optionListFill';
import { QuestionRenderer } from '../renderer/QuestionRenderer';
import { formState, LOGGED_IN, renderForm, renderQuestion, SECTION, valuesOf } from '../testing';
import { VISITOR_UPLOAD_MESSAGE } from './DocumentQuestion';
import { preloadLargeQuestions } from '../registry';

// The upload and the tabs load apart (registry.tsx): loaded before these tests render them.
beforeAll(() => preloadLargeQuestions());

const COLORS = [
  { value: 'R', label: 'Red' },
  { value: 'G', label: 'Green' },
  { value: 'B', label: 'Blue' },
];

describe('text', () => {
  const question = text('first_name', 'First Name', { required: true, hint: 'As on your passport.' });

  it('input → store, store → input, with a visible label, hint and required mark', async () => {
    const { store, user } = renderQuestion(question);
    const input = screen.getByRole('textbox', { name: 'First Name (required)' });
    expect(input).toHaveAttribute('maxLength', '45');
    expect(input).toHaveAccessibleDescription('As on your passport.');
    await user.type(input, 'Ada');
    expect(valuesOf(store).first_name).toBe('Ada');
    act(() => {
      store.dispatch(answerChanged({ key: 'first_name', value: 'Grace' }));
    });
    expect(input).toHaveValue('Grace');
  });

  it('shows its messages: aria-invalid, described by the visible text', () => {
    renderQuestion(question, { state: formState({ errors: { first_name: ['First Name'] } }) });
    const input = screen.getByRole('textbox', { name: /First Name/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on your passport. Error: First Name');
    expect(screen.getByText('First Name', { selector: '.form-error' })).toBeVisible();
  });

  it('read-only: the value as text, no input', () => {
    renderQuestion(question, { state: formState({ values: { first_name: 'Ada' } }), readOnly: true });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('First Name')).toBeInTheDocument();
    expect(screen.getByText('Ada')).toBeInTheDocument();
  });

  it('password: a password input', async () => {
    const question: InputQuestion = { type: 'password', key: 'secret', label: 'Secret' };
    const { store, user } = renderQuestion(question);
    const input = screen.getByLabelText('Secret');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'x1');
    expect(valuesOf(store).secret).toBe('x1');
  });
});

describe('textarea', () => {
  const question = textarea('essay', 'Essay', { maxLength: 20 });

  it('counts characters live, in a polite live region', async () => {
    const { store, user } = renderQuestion(question);
    const area = screen.getByRole('textbox', { name: 'Essay' });
    expect(area).toHaveAttribute('maxLength', '20');
    expect(screen.getByText('0 of 20 characters used')).toHaveAttribute('aria-live', 'polite');
    await user.type(area, 'Hello');
    expect(valuesOf(store).essay).toBe('Hello');
    expect(screen.getByText('5 of 20 characters used')).toBeInTheDocument();
    expect(area).toHaveAccessibleDescription('5 of 20 characters used');
  });

  it('defaults to 1500 characters', () => {
    renderQuestion(textarea('other', 'Other', { maxLength: undefined }));
    expect(screen.getByText('0 of 1500 characters used')).toBeInTheDocument();
  });
});

describe('date', () => {
  const question = date('birth_date', 'Date of Birth', { required: true });

  it('a native date input storing ISO dates; read-only as MM/DD/YYYY', async () => {
    const { store, user, unmount } = renderQuestion(question);
    const input = screen.getByLabelText('Date of Birth (required)');
    expect(input).toHaveAttribute('type', 'date');
    await user.type(input, '2005-04-09');
    expect(valuesOf(store).birth_date).toBe('2005-04-09');
    unmount();
    renderQuestion(question, { state: formState({ values: { birth_date: '2005-04-09' } }), readOnly: true });
    expect(screen.getByText('04/09/2005')).toBeInTheDocument();
  });
});

describe('radio', () => {
  const question = radio('color', 'Favourite colour', COLORS, { reveals: { G: 'Green is good.' } });

  it('a fieldset with a legend; choosing stores the value and its label in _desc', async () => {
    const { store, user } = renderQuestion(question);
    const group = screen.getByRole('group', { name: 'Favourite colour' });
    await user.click(within(group).getByRole('radio', { name: 'Blue' }));
    expect(valuesOf(store)).toEqual({ color: 'B', color_desc: 'Blue' });
    act(() => {
      store.dispatch(answerChanged({ key: 'color', value: 'R', desc: 'Red' }));
    });
    expect(screen.getByRole('radio', { name: 'Red' })).toBeChecked();
  });

  it('reveals content for the chosen answer', async () => {
    const { user } = renderQuestion(question);
    expect(screen.queryByText('Green is good.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    expect(screen.getByText('Green is good.')).toBeInTheDocument();
  });

  it('arrow keys move the choice (native radios)', async () => {
    const { store, user } = renderQuestion(yesNo('commute', 'Commute?'));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.keyboard('{ArrowRight}');
    expect(valuesOf(store)).toMatchObject({ commute: 'N', commute_desc: 'No' });
  });

  it('read-only: every option with [X] / [ ]', () => {
    renderQuestion(question, { state: formState({ values: { color: 'G' } }), readOnly: true });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['[ ] Red', '[X] Green', '[ ] Blue']);
  });
});

describe('dropdown', () => {
  const question = dropdown('color', 'Colour', COLORS, { hint: 'Pick one.' });

  it('a native select with a blank first; stores _desc; store → select', async () => {
    const { store, user } = renderQuestion(question);
    const select = screen.getByRole('combobox', { name: 'Colour' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Red', 'Green', 'Blue']);
    await user.selectOptions(select, 'Green');
    expect(valuesOf(store)).toEqual({ color: 'G', color_desc: 'Green' });
    await user.selectOptions(select, 'Choose…');
    expect(valuesOf(store)).toEqual({ color: '', color_desc: '' });
    act(() => {
      store.dispatch(answerChanged({ key: 'color', value: 'B', desc: 'Blue' }));
    });
    expect(select).toHaveValue('B');
  });

  describe('a long list', () => {
    const MANY = Array.from({ length: LONG_OPTION_LIST + 10 }, (_, i) => ({ value: `v${i}`, label: `Choice ${i}` }));
    const long = (key: string) => dropdown(key, key, MANY);
    const labels = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    afterEach(() => jest.useRealTimers());
    // The next frame, and the task after it (fake timers).
    const nextFrame = () =>
      act(() => {
        jest.advanceTimersToNextFrame();
        jest.runOnlyPendingTimers();
      });

    it('holds the blank and the answer until it fills, one list per frame after mounting', () => {
      jest.useFakeTimers();
      renderForm(
        <>
          <QuestionRenderer question={long('first')} section={SECTION} />
          <QuestionRenderer question={long('second')} section={SECTION} />
        </>,
        formState({ values: { first: 'v7' } }),
      );
      const first = screen.getByRole('combobox', { name: 'first' });
      const second = screen.getByRole('combobox', { name: 'second' });
      expect(labels(first)).toEqual(['Choose…', 'Choice 7']);
      expect(first).toHaveValue('v7');
      expect(labels(second)).toEqual(['Choose…']);
      nextFrame();
      expect(labels(first)).toHaveLength(MANY.length + 1);
      expect(first).toHaveValue('v7');
      expect(labels(second)).toEqual(['Choose…']);
      nextFrame();
      expect(labels(second)).toHaveLength(MANY.length + 1);
    });

    it('fills at once when it takes focus (keyboard) or is pressed, before the browser opens it', async () => {
      const { store, user } = renderForm(
        <>
          <QuestionRenderer question={long('first')} section={SECTION} />
          <QuestionRenderer question={long('second')} section={SECTION} />
        </>,
      );
      const first = screen.getByRole('combobox', { name: 'first' });
      const second = screen.getByRole('combobox', { name: 'second' });
      act(() => first.focus());
      expect(labels(first)).toHaveLength(MANY.length + 1);
      expect(labels(second)).toEqual(['Choose…']);
      fireEvent.pointerDown(second);
      expect(labels(second)).toHaveLength(MANY.length + 1);
      await user.selectOptions(second, 'Choice 30');
      expect(valuesOf(store)).toEqual({ second: 'v30', second_desc: 'Choice 30' });
    });

    it('a short list (months, yes/no) is whole from the start', () => {
      renderQuestion(dropdown('short', 'short', MANY.slice(0, LONG_OPTION_LIST - 1)));
      expect(labels(screen.getByRole('combobox', { name: 'short' }))).toHaveLength(LONG_OPTION_LIST);
    });
  });

  it('a named list (countries) arrives from its own chunk', async () => {
    const { store, user } = renderQuestion(dropdown('country', 'Country', { source: 'countries' }));
    const select = screen.getByRole('combobox', { name: 'Country' });
    await screen.findByRole('option', { name: 'United States' });
    expect(within(select).getAllByRole('option')[1]).toHaveTextContent('United States');
    await user.selectOptions(select, 'Canada');
    expect(valuesOf(store)).toEqual({ country: 'CAN', country_desc: 'Canada' });
  });

  it('a conditional dropdown takes its options from the controlling answer', async () => {
    const state = dependentDropdown('state', 'State/Province', 'country', {
      USA: { source: 'states', country: 'US' },
      CAN: { source: 'states', country: 'CA' },
    });
    const { store } = renderQuestion(state, { state: formState({ values: { country: 'CAN' } }) });
    expect(await screen.findByRole('option', { name: 'Ontario' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'New York' })).not.toBeInTheDocument();
    act(() => {
      store.dispatch(answerChanged({ key: 'country', value: 'USA' }));
    });
    expect(await screen.findByRole('option', { name: 'New York' })).toBeInTheDocument();
    // Hidden while the controlling answer has no list.
    act(() => {
      store.dispatch(answerChanged({ key: 'country', value: 'FRA' }));
    });
    expect(screen.queryByRole('combobox', { name: 'State/Province' })).not.toBeInTheDocument();
  });

  it('read-only: the chosen label as text', () => {
    renderQuestion(question, { state: formState({ values: { color: 'G', color_desc: 'Green' } }), readOnly: true });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Green')).toBeInTheDocument();
  });
});

describe('checkbox', () => {
  const question = checkbox('optin_sms_ind', 'Send me text messages.');

  it('a boolean answer both ways; read-only [X]', async () => {
    const { store, user, unmount } = renderQuestion(question);
    const box = screen.getByRole('checkbox', { name: 'Send me text messages.' });
    await user.click(box);
    expect(valuesOf(store).optin_sms_ind).toBe(true);
    await user.click(box);
    expect(valuesOf(store).optin_sms_ind).toBe(false);
    act(() => {
      store.dispatch(answerChanged({ key: 'optin_sms_ind', value: true }));
    });
    expect(box).toBeChecked();
    unmount();
    renderQuestion(question, { state: formState({ values: { optin_sms_ind: true } }), readOnly: true });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('[X] Send me text messages.')).toBeInTheDocument();
  });
});

describe('checkbox group', () => {
  const question = checkboxGroup('race', 'Which describe you?', [
    { key: 'race_asian', label: 'Asian' },
    { key: 'race_white', label: 'White' },
  ]);

  it('a fieldset of checkboxes, each its own boolean answer', async () => {
    const { store, user } = renderQuestion(question);
    const group = screen.getByRole('group', { name: 'Which describe you?' });
    expect(group).toHaveAttribute('id', 'race');
    await user.click(within(group).getByRole('checkbox', { name: 'White' }));
    expect(valuesOf(store)).toEqual({ race_white: true });
    act(() => {
      store.dispatch(answerChanged({ key: 'race_asian', value: true }));
    });
    expect(screen.getByRole('checkbox', { name: 'Asian' })).toBeChecked();
  });

  it('read-only: every option marked', () => {
    renderQuestion(question, { state: formState({ values: { race_white: true } }), readOnly: true });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['[ ] Asian', '[X] White']);
  });
});

describe('month/year', () => {
  const question = monthYear('grad', 'Graduation Date', years(3, 'future', 0));

  it('two selects in a fieldset; month and year messages shown once, together', async () => {
    const { store, user } = renderQuestion(question, {
      state: formState({ errors: { grad_month: ['Give the month.'], grad_year: ['Give the year.'] } }),
    });
    const group = screen.getByRole('group', { name: 'Graduation Date' });
    const month = within(group).getByRole('combobox', { name: 'Month' });
    const year = within(group).getByRole('combobox', { name: 'Year' });
    expect(screen.getAllByText(/Give the month\./)).toHaveLength(1);
    expect(month).toHaveAccessibleDescription('Error: Give the month. Give the year.');
    expect(year).toHaveAccessibleDescription('Error: Give the month. Give the year.');
    await user.selectOptions(month, 'June');
    const thisYear = String(new Date().getFullYear());
    await screen.findByRole('option', { name: thisYear });
    await user.selectOptions(year, thisYear);
    expect(valuesOf(store)).toEqual({
      grad_month: '6',
      grad_month_desc: 'June',
      grad_year: thisYear,
      grad_year_desc: thisYear,
    });
  });

  it('read-only: "June 2027"', () => {
    renderQuestion(question, {
      state: formState({ values: { grad_month: '6', grad_month_desc: 'June', grad_year: '2027' } }),
      readOnly: true,
    });
    expect(screen.getByText('June 2027')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('confirmation', () => {
  it('a checkbox revealing its content once ticked', async () => {
    const question = confirmation('legal_agree', 'I certify.', 'Thank you.', { required: true });
    const { store, user } = renderQuestion(question);
    expect(screen.queryByText('Thank you.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I certify. (required)' }));
    expect(valuesOf(store).legal_agree).toBe(true);
    expect(screen.getByText('Thank you.')).toBeInTheDocument();
  });

  it('a toggle button variant', async () => {
    const question = { ...confirmation('seen', 'I have read the notice.', 'Noted.'), variant: 'button' as const };
    const { store, user } = renderQuestion(question);
    const button = screen.getByRole('button', { name: 'Confirm' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleDescription('I have read the notice.');
    await user.click(button);
    expect(valuesOf(store).seen).toBe(true);
    expect(screen.getByRole('button', { name: 'Confirmed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Noted.')).toBeInTheDocument();
  });

  it('read-only: [X] and the label, no input', () => {
    renderQuestion(confirmation('legal_agree', 'I certify.', 'Thank you.'), {
      state: formState({ values: { legal_agree: true } }),
      readOnly: true,
    });
    expect(screen.getByText('[X] I certify.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('phone', () => {
  const question = phone('phone_home', 'Home Phone');

  it('formats as (xxx) xxx-xxxx while typing; inputMode tel', async () => {
    const { store, user } = renderQuestion(question);
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    expect(input).toHaveAttribute('inputMode', 'tel');
    await user.type(input, '5550100142');
    expect(input).toHaveValue('(555) 010-0142');
    expect(valuesOf(store).phone_home).toBe('(555) 010-0142');
  });

  it('ignores letters and extra digits; backspace over punctuation removes a digit', async () => {
    const { store, user } = renderQuestion(question);
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await user.type(input, '555a0100142999');
    expect(input).toHaveValue('(555) 010-0142');
    // Caret right after the hyphen, then backspace: the digit before it goes.
    await user.type(input, '{Backspace}', { initialSelectionStart: 10, initialSelectionEnd: 10 });
    expect(valuesOf(store).phone_home).toBe('(555) 010-142');
  });

  it('keeps a number typed with + as typed (an international number), refusing letters', async () => {
    const { store, user } = renderQuestion(question);
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await user.type(input, '+52 55 1234x 5678');
    expect(input).toHaveValue('+52 55 1234 5678');
    expect(valuesOf(store).phone_home).toBe('+52 55 1234 5678');
  });

  it('keeps the caret by its digit when editing in the middle', async () => {
    const { user } = renderQuestion(question, { state: formState({ values: { phone_home: '(555) 010-0142' } }) });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Home Phone' });
    // Delete the whole area code, then type a new one: the rest stays in place.
    await user.type(input, '{Backspace}{Backspace}{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input).toHaveValue('(010) 014-2');
    await user.keyboard('212');
    expect(input).toHaveValue('(212) 010-0142');
    expect(input.selectionStart).toBe(4);
  });
});

describe('SSN', () => {
  const question: SsnQuestion = { type: 'ssn', key: 'ssn', label: 'Social Security Number' };

  it('formats 3-2-4 with hyphens', async () => {
    const { store, user } = renderQuestion(question);
    const input = screen.getByRole('textbox', { name: 'Social Security Number' });
    await user.type(input, '123456789');
    expect(input).toHaveValue('123-45-6789');
    expect(valuesOf(store).ssn).toBe('123-45-6789');
  });

  it('read-only: the number as text', () => {
    renderQuestion(question, { state: formState({ values: { ssn: '123-45-6789' } }), readOnly: true });
    expect(screen.getByText('123-45-6789')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('document', () => {
  const question = documentUpload('personal_statement_doc', 'Personal Statement Document', { hint: 'A PDF.' });

  it('a visitor cannot upload: the message, no file input', () => {
    const { container } = renderQuestion(question);
    expect(screen.getByText(VISITOR_UPLOAD_MESSAGE)).toBeInTheDocument();
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });

  it('a logged-in applicant gets a labelled file input for the allowed types', () => {
    renderQuestion(question, { state: formState({ session: LOGGED_IN }) });
    const input = screen.getByLabelText('Personal Statement Document');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');
    expect(screen.queryByText(VISITOR_UPLOAD_MESSAGE)).not.toBeInTheDocument();
  });

  it('read-only: whether a document was uploaded', () => {
    renderQuestion(question, { state: formState({ values: { personal_statement_doc: 'ANSWERED' } }), readOnly: true });
    expect(screen.getByText('[X] Document uploaded')).toBeInTheDocument();
  });
});

describe('content', () => {
  it('static text, also read-only', () => {
    renderQuestion(content('note', 'Bring a pen.'), { readOnly: true });
    expect(screen.getByText('Bring a pen.')).toBeInTheDocument();
  });
});

describe('errors from the store', () => {
  it('appear and disappear with validationErrorsChanged', () => {
    const { store } = renderQuestion(dropdown('color', 'Colour', COLORS, { required: true }));
    act(() => {
      store.dispatch(validationErrorsChanged({ color: ['Colour'] }));
    });
    expect(screen.getByRole('combobox', { name: /Colour/ })).toHaveAttribute('aria-invalid', 'true');
    act(() => {
      store.dispatch(validationErrorsChanged({}));
    });
    expect(screen.getByRole('combobox', { name: /Colour/ })).not.toHaveAttribute('aria-invalid');
  });
});

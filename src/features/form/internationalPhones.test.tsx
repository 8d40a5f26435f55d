import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../tests/msw/server';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { recordRequests } from '../../../tests/msw/recorder';
import { renderApp } from '../../../tests/renderWithProviders';
import { keysToClear } from '../../kernel/form/conditions';
import { equals, phone, yesNo } from '../../kernel/form/definition/builders';
import type { Page } from '../../kernel/form/definition/types';
import { FORM_MESSAGES, parentPhoneMessage } from '../../kernel/form/definition/messages';
import { formState, LOGGED_IN, renderQuestion, valuesOf } from './testing';

/**
 * A number from abroad, typed with '+', is kept as typed (never re-read by the U.S. mask), checked by libphonenumber's
 * rules when the field is left, and saved with its E.164 form in {key}_e164.
 */
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

/** A field of one section of the page (both parents have a 'Phone Number'). */
function inSection(title: string) {
  const form = screen.getByRole('heading', { level: 2, name: title }).closest('form');
  if (!form) throw new Error(`no section ${title}`);
  return within(form);
}

async function aboutYou(answer: Record<string, string | boolean> = {}) {
  server.use(...loggedInAccountHandlers({ answer, version: 1 }));
  const saves = recordRequests({ 'PUT /api/answer': { message: 'saved', version: 2 } });
  const rendered = renderApp('/about', { preloadedState: formState({ session: LOGGED_IN, values: answer }) });
  await h1('About You');
  return { ...rendered, saves };
}

describe("a parent's number from abroad", () => {
  it('is kept as typed, passes when left, and is saved with its E.164 form', async () => {
    const { user, store, saves } = await aboutYou();
    const field = inSection('Parent 2/Guardian 2').getByRole('textbox', { name: 'Phone Number' });
    await user.type(field, '+52 55 1234 5678');
    expect(field).toHaveValue('+52 55 1234 5678');
    await user.tab();
    await waitFor(() => expect(valuesOf(store).parent_2_phone_e164).toBe('+525512345678'));
    expect(valuesOf(store).parent_2_phone).toBe('+52 55 1234 5678');
    expect(screen.queryByText(parentPhoneMessage('Parent 2/Guardian 2'))).toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await h1('Your Academics');
    const saved = saves.filter((call) => call.method === 'PUT').at(-1);
    expect(saved?.body).toMatchObject({ parent_2_phone: '+52 55 1234 5678', parent_2_phone_e164: '+525512345678' });
  });

  it('a number too short for its country is flagged with the SPEC message when left; no E.164 form is kept', async () => {
    const { user, store } = await aboutYou();
    const field = inSection('Parent 2/Guardian 2').getByRole('textbox', { name: 'Phone Number' });
    await user.type(field, '+52 55 12');
    await user.tab();
    expect(await screen.findByText(parentPhoneMessage('Parent 2/Guardian 2'))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('+52 55 12');
    expect(valuesOf(store)).not.toHaveProperty('parent_2_phone_e164');

    // Completed: the flag goes and the E.164 form arrives.
    await user.type(field, '34 5678');
    await waitFor(() => expect(screen.queryByText(parentPhoneMessage('Parent 2/Guardian 2'))).toBeNull());
    await waitFor(() => expect(valuesOf(store).parent_2_phone_e164).toBe('+525512345678'));
  });

  it('letters are refused; replacing it with a U.S. number drops the E.164 form', async () => {
    const { user, store } = await aboutYou({
      parent_phone: '+44 20 7946 0958',
      parent_phone_e164: '+442079460958',
    });
    const field = inSection('Parent 1/Guardian 1').getByRole('textbox', { name: 'Phone Number' });
    expect(field).toHaveValue('+44 20 7946 0958');
    await user.type(field, 'x');
    expect(field).toHaveValue('+44 20 7946 0958');
    await user.clear(field);
    await user.type(field, '2125550100');
    expect(field).toHaveValue('(212) 555-0100');
    await waitFor(() => expect(valuesOf(store)).not.toHaveProperty('parent_phone_e164'));
    expect(valuesOf(store).parent_phone).toBe('(212) 555-0100');
  });
});

describe("the applicant's own phones", () => {
  it('an international cell phone is kept as typed; a bad one gets the cell message', async () => {
    const { user, store } = await aboutYou();
    const cell = screen.getByRole('textbox', { name: 'Cell Phone' });
    await user.type(cell, '+33 6 12 34 56 78');
    await user.tab();
    await waitFor(() => expect(valuesOf(store).phone_mobile_e164).toBe('+33612345678'));
    expect(cell).toHaveValue('+33 6 12 34 56 78');

    const home = screen.getByRole('textbox', { name: 'Home Phone' });
    await user.type(home, '+33 1 23');
    await user.tab();
    expect(await screen.findByText(FORM_MESSAGES.homePhone)).toBeInTheDocument();
  });

  it('+1 and a North American number takes the U.S. form, with the same digits and no E.164 companion', async () => {
    const { user, store } = await aboutYou();
    const home = screen.getByRole('textbox', { name: 'Home Phone' });
    await user.type(home, '+1 212 555 0100');
    expect(home).toHaveValue('(212) 555-0100');
    await user.tab();
    expect(valuesOf(store).phone_home).toBe('(212) 555-0100');
    expect(valuesOf(store)).not.toHaveProperty('phone_home_e164');
  });

  it('the hint says how to give a number from abroad', async () => {
    await aboutYou();
    expect(screen.getByRole('textbox', { name: 'Home Phone' })).toHaveAccessibleDescription(
      'Format: (xxx) xxx-xxxx. For a number outside the U.S., start with + and the country code.',
    );
  });
});

it('read-only (the print view, check your answers): the number as typed', () => {
  renderQuestion(phone('parent_2_phone', 'Phone Number'), {
    readOnly: true,
    state: formState({ values: { parent_2_phone: '+52 55 1234 5678', parent_2_phone_e164: '+525512345678' } }),
  });
  expect(screen.getByText('+52 55 1234 5678')).toBeInTheDocument();
  expect(screen.queryByText('+525512345678')).toBeNull();
});

it('a phone a condition hides is cleared with its E.164 form', () => {
  const pages: Page[] = [
    {
      id: 'about',
      path: '/about',
      title: 'About You',
      sections: [
        {
          id: 'a',
          title: 'A',
          questions: [
            yesNo('intl_reside', 'Abroad?'),
            phone('parent_phone', 'Phone Number', { condition: equals('intl_reside', 'Y') }),
          ],
        },
      ],
    },
  ];
  const previous = { intl_reside: 'Y', parent_phone: '+52 55 1234 5678', parent_phone_e164: '+525512345678' };
  expect(keysToClear(previous, { ...previous, intl_reside: 'N' }, pages)).toEqual([
    'parent_phone',
    'parent_phone_e164',
  ]);
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../tests/msw/server';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS } from '../../../kernel/constants';
import { lookup } from '../../../kernel/form/definition/builders';
import { formState, renderQuestion, valuesOf } from '../testing';

const SCHOOL = lookup(
  'hs_name',
  'Search for Your School',
  {
    category: 'hs_ceeb',
    labelKey: 'name',
    fills: {
      name: 'hs_name',
      address_line_1: 'hs_address_line_1',
      city: 'hs_city',
      state: 'hs_state',
      country: 'hs_country',
      ceeb: 'hs_ceeb',
    },
  },
  { required: true },
);

const suggestions = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    text: `Sample School ${i + 1}`,
    id: `99000${i + 1}`,
    sub_text: 'Springfield, IL',
  }));

const DETAIL = {
  name: 'Sample Central High School',
  address_line_1: '100 Maple Avenue',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'USA',
  ceeb: '990001',
};

/** Answers GET /lookup/find: suggestions by text, the record by id; records every query. */
function lookupServer({ list = suggestions(3), detail = DETAIL as object | null, failSuggestions = false } = {}) {
  const searches: string[] = [];
  const details: string[] = [];
  server.use(
    http.get('*/lookup/find', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('id')) {
        details.push(params.get('id')!);
        return detail ? HttpResponse.json(detail) : HttpResponse.json({ message: 'No such record.' }, { status: 404 });
      }
      searches.push(`${params.get('text')}|${params.get('category')}|${params.get('max_results')}`);
      return failSuggestions
        ? HttpResponse.json({ message: 'Lookup is down.' }, { status: 503 })
        : HttpResponse.json(list);
    }),
  );
  return { searches, details };
}

describe('lookup (combobox)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('debounces suggestion calls by 200 ms, with a maximum wait of 500 ms', async () => {
    jest.useFakeTimers();
    const calls = lookupServer();
    renderQuestion(SCHOOL);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const input = screen.getByRole('combobox', { name: /Search for Your School/ });

    await user.type(input, 'Sam');
    act(() => jest.advanceTimersByTime(LOOKUP_DEBOUNCE_MS - 1));
    expect(calls.searches).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(calls.searches).toEqual(['Sam|hs_ceeb|5']));

    await screen.findByRole('listbox');

    // Typing steadily every 150 ms (faster than the debounce): the call still goes out 500 ms after the first key.
    await user.type(input, 'p');
    act(() => jest.advanceTimersByTime(150));
    await user.type(input, 'l');
    act(() => jest.advanceTimersByTime(150));
    await user.type(input, 'e');
    act(() => jest.advanceTimersByTime(150));
    await user.type(input, ' ');
    act(() => jest.advanceTimersByTime(LOOKUP_MAX_WAIT_MS - 450 - 1));
    expect(calls.searches).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(calls.searches).toEqual(['Sam|hs_ceeb|5', 'Sample|hs_ceeb|5']));
    await user.type(input, 'C');
    act(() => jest.advanceTimersByTime(LOOKUP_DEBOUNCE_MS));
    await waitFor(() => expect(calls.searches).toHaveLength(3));
    expect(calls.searches[2]).toBe('Sample C|hs_ceeb|5');
    await screen.findByRole('listbox');
    expect(LOOKUP_MAX_WAIT_MS).toBe(500);
  });

  it('shows at most 5 suggestions as a listbox; arrows and Enter pick one, which fills the mapped answers', async () => {
    const calls = lookupServer({ list: suggestions(7) });
    const { store, user } = renderQuestion(SCHOOL);
    const input = screen.getByRole('combobox', { name: /Search for Your School/ });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'Sample');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions for Search for Your School' });
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByRole('status')).toHaveTextContent('5 suggestions available.');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Sample School 2/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(valuesOf(store)).toMatchObject({
        hs_name: 'Sample Central High School',
        hs_address_line_1: '100 Maple Avenue',
        hs_city: 'Springfield',
        hs_ceeb: '990001',
        hs_country: 'USA',
        hs_state: 'IL',
      }),
    );
    expect(calls.details).toEqual(['990002']);
    // Dropdown targets get their labels.
    await waitFor(() =>
      expect(valuesOf(store)).toMatchObject({ hs_country_desc: 'United States', hs_state_desc: 'Illinois' }),
    );
    // zip is not mapped by this question: not filled.
    expect(valuesOf(store).hs_zip).toBeUndefined();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Sample Central High School');
  });

  it('a click picks a suggestion; Escape closes the list', async () => {
    lookupServer();
    const { store, user } = renderQuestion(SCHOOL);
    const input = screen.getByRole('combobox', { name: /Search for Your School/ });
    await user.type(input, 'Sam');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: /Sample School 3/ }));
    await waitFor(() => expect(valuesOf(store).hs_ceeb).toBe('990001'));
  });

  it('a failed suggestion call shows an empty list, silently', async () => {
    const calls = lookupServer({ failSuggestions: true });
    const { store, user } = renderQuestion(SCHOOL);
    const input = screen.getByRole('combobox', { name: /Search for Your School/ });
    await user.type(input, 'Sam');
    await waitFor(() => expect(calls.searches.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(store.getState().notifications.toasts).toEqual([]);
    expect(store.getState().notifications.dialog).toBeNull();
    // What was typed is kept as the answer.
    expect(valuesOf(store).hs_name).toBe('Sam');
  });

  it('a failed detail call keeps the chosen label in the label target', async () => {
    const calls = lookupServer({ detail: null });
    const { store, user } = renderQuestion(SCHOOL, { state: formState({ values: { hs_city: 'Old Town' } }) });
    const input = screen.getByRole('combobox', { name: /Search for Your School/ });
    await user.type(input, 'Sam');
    await user.click(await screen.findByRole('option', { name: /Sample School 1/ }));
    await waitFor(() => expect(calls.details).toEqual(['990001']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(valuesOf(store).hs_name).toBe('Sample School 1');
    expect(valuesOf(store).hs_city).toBe('Old Town');
    expect(input).toHaveValue('Sample School 1');
    expect(store.getState().notifications.toasts).toEqual([]);
  });

  it('a college lookup types into its _desc label and fills the code', async () => {
    const college = lookup('ceeb_cd', 'Search for Your College', {
      category: 'college_ceeb',
      labelKey: 'name',
      fills: { name: 'ceeb_cd_desc', ceeb: 'ceeb_cd' },
    });
    lookupServer({ detail: { name: 'Sample State University', ceeb: '995001' } });
    // The college section shows for transfer students only; hidden, its answers would be cleared.
    const { store, user } = renderQuestion(college, { state: formState({ values: { student_type: 'TR' } }) });
    await user.type(screen.getByRole('combobox', { name: 'Search for Your College' }), 'Sam');
    await user.click(await screen.findByRole('option', { name: /Sample School 1/ }));
    await waitFor(() =>
      expect(valuesOf(store)).toEqual({
        student_type: 'TR',
        ceeb_cd_desc: 'Sample State University',
        ceeb_cd: '995001',
      }),
    );
  });

  it('read-only: the label as text, no combobox', () => {
    renderQuestion(SCHOOL, { state: formState({ values: { hs_name: 'Sample Central High School' } }), readOnly: true });
    expect(screen.getByText('Sample Central High School')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

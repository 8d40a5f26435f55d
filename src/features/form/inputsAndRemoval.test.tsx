import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/renderWithProviders';
import { loggedInAccountHandlers } from '../../../tests/msw/auth';
import { formState, LOGGED_IN } from './testing';

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

function accountServer(answer: Record<string, string> = {}, addAnotherCalls: unknown[] = [], counts = {}) {
  server.use(
    http.put('*/api/answer', () => HttpResponse.json({ message: 'ok', version: 2 })),
    http.put('*/api/add-another', async ({ request }) => {
      addAnotherCalls.push(await request.json());
      return HttpResponse.json({});
    }),
    http.get('*/api/add-another', () => HttpResponse.json(counts)),
    ...loggedInAccountHandlers({ answer, version: 1 }),
  );
}

describe('inputs that fit a phone', () => {
  it('scores and GPA open a number pad, emails an email keyboard, phones a phone keypad; the range is in the hint', async () => {
    accountServer({ sat_taken: 'Y' });
    renderApp('/education', { preloadedState: formState({ session: LOGGED_IN, values: { sat_taken: 'Y' } }) });
    await h1('Your Academics');
    const math = await screen.findByRole('textbox', { name: /SAT Math/ });
    expect(math).toHaveAttribute('inputmode', 'numeric');
    expect(math).toHaveAccessibleDescription('200–800, in steps of 10');
    expect(screen.getByRole('textbox', { name: /Cumulative GPA/ })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: /Counselor Email Address/ })).toHaveAttribute('type', 'email');
  });

  it('phones are type tel; the FAFSA address in a revealed note is a link', async () => {
    accountServer();
    renderApp('/about', { preloadedState: formState({ session: LOGGED_IN }) });
    await h1('About You');
    expect(screen.getByRole('textbox', { name: 'Cell Phone' })).toHaveAttribute('type', 'tel');
  });
});

describe('removing an add-another entry', () => {
  it('the count goes down, later entries move up, and Undo puts them back', async () => {
    const calls: unknown[] = [];
    const answer = { activity_name: 'Debate', activity_2_name: 'Chess', activity_3_name: 'Band' };
    accountServer(answer, calls, { activity: 3 });
    const { store, user } = renderApp('/education', {
      preloadedState: formState({
        session: LOGGED_IN,
        values: { activity_name: 'Debate', activity_2_name: 'Chess', activity_3_name: 'Band' },
        addAnother: { activity: 3 },
      }),
    });
    await h1('Your Academics');
    const buttonId = Object.keys(store.getState().addAnother.counts)[0]!;
    await user.click(screen.getByRole('button', { name: 'Remove Activity 2' }));
    await waitFor(() => expect(store.getState().addAnother.counts[buttonId]).toBe(2));
    expect(calls).toEqual([{ button_id: buttonId, num_components: 2 }]);
    const values = store.getState().answers.values;
    expect(values.activity_name).toBe('Debate');
    expect(values.activity_2_name).toBe('Band');
    expect(values.activity_3_name).toBeUndefined();
    const toast = await screen.findByRole('status', { name: 'Entry removed' }).catch(() => null);
    const undo = toast
      ? within(toast).getByRole('button', { name: 'Undo' })
      : screen.getByRole('button', { name: 'Undo' });
    await user.click(undo);
    await waitFor(() => expect(store.getState().addAnother.counts[buttonId]).toBe(3));
    expect(store.getState().answers.values).toMatchObject({
      activity_name: 'Debate',
      activity_2_name: 'Chess',
      activity_3_name: 'Band',
    });
    await act(async () => {});
  });
});

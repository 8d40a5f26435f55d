/**
 * Typed text reaches the store after the next painted frame, as a browser runs it: requestAnimationFrame and
 * MessageChannel are installed here (jsdom has no MessageChannel, so elsewhere in the unit tests it goes at once).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../tests/msw/server';
import { answersLoaded } from '../../answers';
import { lookup, text, textarea } from '../../../kernel/form/definition/builders';
import { formState, renderQuestion, valuesOf } from '../testing';

let frames: FrameRequestCallback[] = [];
let messages: (() => void)[] = [];

class FakeMessageChannel {
  port1 = { onmessage: null as null | (() => void), close: () => undefined };
  port2 = { postMessage: () => messages.push(() => this.port1.onmessage?.()) };
}

/** The browser paints a frame (its rAF callbacks), then runs the tasks posted by then (and their microtasks). */
async function paintFrame() {
  await act(async () => {
    const due = frames;
    frames = [];
    due.forEach((callback) => callback(performance.now()));
    const tasks = messages;
    messages = [];
    tasks.forEach((task) => task());
  });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  frames = [];
  messages = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  (globalThis as { MessageChannel?: unknown }).MessageChannel = FakeMessageChannel;
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { MessageChannel?: unknown }).MessageChannel;
  setVisibility('visible');
});

const question = text('city', 'City');

it('shows each character at once and gives the store the text after the next frame', async () => {
  const { store, user } = renderQuestion(question, { state: formState({ values: { city: 'Bos' } }) });
  const input = screen.getByRole('textbox', { name: 'City' });
  expect(input).toHaveValue('Bos');

  await user.type(input, 'ton');
  expect(input).toHaveValue('Boston');
  expect(valuesOf(store).city).toBe('Bos');

  await paintFrame();
  expect(valuesOf(store).city).toBe('Boston');
  expect(input).toHaveValue('Boston');
});

it('gives the store the text at once when the field loses focus, and when the page is hidden', async () => {
  const { store, user } = renderQuestion(question);
  const input = screen.getByRole('textbox', { name: 'City' });

  await user.type(input, 'Lima');
  await user.tab();
  expect(valuesOf(store).city).toBe('Lima');

  await user.type(input, 'x');
  expect(valuesOf(store).city).toBe('Lima');
  setVisibility('hidden');
  expect(valuesOf(store).city).toBe('Limax');
});

it('gives the store the text when the field goes away before the frame', async () => {
  const { store, user, unmount } = renderQuestion(question);
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Oslo');
  unmount();
  expect(valuesOf(store).city).toBe('Oslo');
});

it('writes a change of the store into the field, but not over typing the store has not had yet', async () => {
  const { store, user } = renderQuestion(question, { state: formState({ values: { city: 'Rome' } }) });
  const input = screen.getByRole('textbox', { name: 'City' });

  act(() => {
    store.dispatch(answersLoaded({ city: 'Paris' }));
  });
  expect(input).toHaveValue('Paris');

  await user.type(input, '!');
  act(() => {
    store.dispatch(answersLoaded({ city: 'Madrid' }));
  });
  expect(input).toHaveValue('Paris!');
  await paintFrame();
  expect(valuesOf(store).city).toBe('Paris!');
  expect(input).toHaveValue('Paris!');
});

it('shows what the store kept when it drops a character it cannot store', async () => {
  const { store } = renderQuestion(question, { state: formState({ values: { city: 'Bad' } }) });
  const input = screen.getByRole('textbox', { name: 'City' });
  // A pasted null character: the store keeps 'Bad' as it was, so no change of the store puts it back in the field.
  fireEvent.change(input, { target: { value: 'Ba\u0000d' } });
  await paintFrame();
  expect(valuesOf(store).city).toBe('Bad');
  expect(input).toHaveValue('Bad');
});

it('counts a text area’s characters once the store has them', async () => {
  const { store, user } = renderQuestion(textarea('essay', 'Essay', { maxLength: 100 }));
  await user.type(screen.getByRole('textbox', { name: 'Essay' }), 'Hello');
  expect(screen.getByText('0 of 100 characters used')).toBeInTheDocument();
  await paintFrame();
  expect(valuesOf(store).essay).toBe('Hello');
  expect(screen.getByText('5 of 100 characters used')).toBeInTheDocument();
});

it('keeps a suggestion picked before the typing was sent, not the typing', async () => {
  server.use(
    http.get('*/lookup/find', ({ request }) =>
      new URL(request.url).searchParams.get('id')
        ? HttpResponse.json({ name: 'Sample Central High School', city: 'Springfield' })
        : HttpResponse.json([{ text: 'Sample School 1', id: '990001', sub_text: 'Springfield, IL' }]),
    ),
  );
  const school = lookup('hs_name', 'Search for Your School', {
    category: 'hs_ceeb',
    labelKey: 'name',
    fills: { name: 'hs_name', city: 'hs_city' },
  });
  const { store, user } = renderQuestion(school);
  const input = screen.getByRole('combobox', { name: 'Search for Your School' });

  await user.type(input, 'Sam');
  await screen.findByRole('option', { name: /Sample School 1/ });
  expect(valuesOf(store).hs_name).toBeUndefined(); // no frame yet: 'Sam' waits
  await user.keyboard('{ArrowDown}{Enter}');
  await paintFrame();
  await screen.findByDisplayValue('Sample Central High School');
  expect(valuesOf(store)).toMatchObject({ hs_name: 'Sample Central High School', hs_city: 'Springfield' });
});

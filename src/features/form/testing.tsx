/**
 * Helpers for the form's tests (only *.test.tsx files import this): one question rendered with a fresh store,
 * the session states the form cares about, and the form listeners registered on a test store.
 */
import { addListener } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import type { AppStartListening, AppStore, RootState } from '../../app/store';
import { initialSessionState } from '../session/sessionSlice';
import { initialSyncState } from '../answers/syncSlice';
import type { Question, Section } from '../../kernel/form/definition/types';
import { addFormListeners } from './formListeners';
import { QuestionRenderer } from './renderer/QuestionRenderer';

type Values = Record<string, string | boolean>;

/** A store state: the session (visitor unless told), answers and errors. */
export function formState({
  session = {},
  values = {},
  errors = {},
  addAnother = {},
  tabs = {},
}: {
  session?: Partial<RootState['session']>;
  values?: Values;
  errors?: Record<string, string[]>;
  addAnother?: Record<string, number>;
  tabs?: Record<string, string>;
} = {}): Partial<RootState> {
  return {
    session: { ...initialSessionState, ...session },
    answers: { values, errors },
    addAnother: { counts: addAnother },
    tabs: { chosen: tabs },
    sync: { ...initialSyncState, version: 1 },
  };
}

export const LOGGED_IN: Partial<RootState['session']> = {
  is_logged_in: true,
  username: 'ada@example.com',
  profile_loaded: true,
  num_logins: 1,
  web_status: 'started',
};
export const VALIDATING: Partial<RootState['session']> = { ...LOGGED_IN, web_status: 'validating' };
export const SERVICE_USER: Partial<RootState['session']> = { is_service_user: true };

export const SECTION: Section = { id: 'test', title: 'Test', questions: [] };

/** One question through the registry, as a page renders it. */
export function renderQuestion(
  question: Question,
  {
    state,
    readOnly = false,
    section = SECTION,
  }: { state?: Partial<RootState>; readOnly?: boolean; section?: Section } = {},
) {
  return renderWithProviders(<QuestionRenderer question={question} section={section} readOnly={readOnly} />, {
    preloadedState: state ?? formState(),
  });
}

/** Any element with a fresh store (several questions, a summary…). */
export const renderForm = (ui: ReactElement, state?: Partial<RootState>, route?: string) =>
  renderWithProviders(ui, { preloadedState: state ?? formState(), route });

/** Registers the form listeners on a test store (as src/app/listenerMiddleware.ts does for the app's store). */
export function withFormListeners(store: AppStore) {
  return addFormListeners(((options: Parameters<AppStartListening>[0]) =>
    store.dispatch(addListener(options as never))) as unknown as AppStartListening);
}

export const valuesOf = (store: AppStore) => store.getState().answers.values;
export const errorsOf = (store: AppStore) => store.getState().answers.errors;

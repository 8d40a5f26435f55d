import { screen } from '@testing-library/react';
import { renderApp } from '../../tests/renderWithProviders';
import { server } from '../../tests/msw/server';
import { loggedInAccountHandlers } from '../../tests/msw/auth';
import { SHELL_VARIANTS, shellFor, type ShellVariant } from '../kernel/shells';
import { renderShell } from './renderShell';
import { pageShell } from './removeShell';
import { FIRST_SCREEN_SECTIONS } from '../features/form';
import { ABOUT_PAGE } from '../kernel/form/definition/about';

const variant = (name: string): ShellVariant => {
  const found = SHELL_VARIANTS.find((v) => v.name === name);
  if (!found) throw new Error(`no shell ${name}`);
  return found;
};

describe('pre-rendered shells (build time)', () => {
  it.each([
    ['login', 'Log In'],
    ['signup', 'Sign Up'],
    ['reset', 'Reset Password'],
    ['about', 'About You'],
    ['education', 'Your Academics'],
    ['final-steps', 'Final Steps'],
  ])('the %s shell is the page itself, with its h1 %s', async (name, title) => {
    const html = await renderShell(variant(name));
    document.body.innerHTML = html;
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('a long page carries its first screen only: the first sections, not the last', async () => {
    document.body.innerHTML = await renderShell(variant('about'));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const sectionTitles = ABOUT_PAGE.sections.map((section) => section.title);
    expect(titles).toEqual(expect.arrayContaining(sectionTitles.slice(0, FIRST_SCREEN_SECTIONS)));
    expect(titles).not.toContain(sectionTitles[sectionTitles.length - 1]);
  });

  it('the login shell carries the login form', async () => {
    document.body.innerHTML = await renderShell(variant('login'));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it("a logged-in applicant's shell has no visitor invitation", async () => {
    // The applicant's start-up asks for the profile; at build time it never answers (prerenderMain.ts).
    server.use(...loggedInAccountHandlers({}));
    document.body.innerHTML = await renderShell(variant('education-applicant'));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Academics' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'create an account' })).not.toBeInTheDocument();
    document.body.innerHTML = await renderShell(variant('education'));
    expect(screen.getByRole('link', { name: 'create an account' })).toBeInTheDocument();
  });

  it('every form page and account page has its shell; not account pages when logged in; the print view its own', () => {
    expect(shellFor('/login', { loggedIn: false, printView: false })?.name).toBe('login');
    expect(shellFor('/login', { loggedIn: true, printView: false })).toBeUndefined();
    expect(shellFor('/about', { loggedIn: true, printView: false })?.name).toBe('about-applicant');
    expect(shellFor('/final-steps', { loggedIn: false, printView: false })?.name).toBe('final-steps');
    expect(shellFor('/about', { loggedIn: false, printView: true })?.name).toBe('about-print-view');
    expect(shellFor('/education', { loggedIn: true, printView: true, numLogins: 1 })?.name).toBe(
      'education-print-view',
    );
    expect(shellFor('/completion', { loggedIn: false, printView: true })).toBeUndefined();
    expect(shellFor('/completion', { loggedIn: true, printView: false })).toBeUndefined();
  });

  it.each([
    [1, 'about-applicant-1'],
    [2, 'about-applicant-2'],
    [3, 'about-applicant'],
    [undefined, 'about-applicant'],
  ])('an applicant at login %s gets the %s shell', (numLogins, name) => {
    expect(shellFor('/about', { loggedIn: true, printView: false, numLogins })?.name).toBe(name);
  });

  it.each([
    ['about-applicant-1', 'Welcome to your application!'],
    ['about-applicant-2', 'Welcome back!'],
  ])('the %s shell carries the welcome banner %s', async (name, title) => {
    server.use(...loggedInAccountHandlers({}));
    document.body.innerHTML = await renderShell(variant(name));
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('the shell of a later login has no welcome banner', async () => {
    server.use(...loggedInAccountHandlers({}));
    document.body.innerHTML = await renderShell(variant('about-applicant'));
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
  });
});

describe('the shell in the browser', () => {
  afterEach(() => document.getElementById('shell')?.remove());

  it('stays, without a loading message, until the app renders the page, which replaces it', async () => {
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.innerHTML = '<h1>Log In</h1>';
    document.body.append(shell);
    renderApp('/login', { shell: pageShell });
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(document.getElementById('shell')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Log In' })).toHaveLength(1);
  });

  it('without a shell, the start-up shows a loading message', async () => {
    renderApp('/login');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });
});
